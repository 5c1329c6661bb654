import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LocalizedLink } from '@reelmint/shared';
import { announceCheckoutEnded } from '../checkout/checkout-end.ts';
import { checkoutOrigin } from '../checkout/checkout-return.ts';
import { useBillingText } from '../i18n.ts';
import styles from './payment.module.css';

/** /payment/cancel: the person left the checkout; nothing was charged. Offers the way back. */
export default function PaymentCancelPage() {
  const { t } = useBillingText();
  const [origin] = useState(checkoutOrigin);
  const sessionId = useSearchParams()[0].get('session_id');
  // The window the checkout was opened from stops saying that it is open.
  useEffect(() => announceCheckoutEnded(sessionId, 'canceled'), [sessionId]);
  // Back to where the checkout started, unless that was pricing itself: then pricing is the way back.
  const back = origin && !/^(\/[^/]+)?\/pricing(\?|$)/.test(origin) ? origin : null;

  return (
    <main className={styles.page} data-remote="billing" data-state="cancelled">
      <div className={styles.icon} data-tone="neutral" aria-hidden="true">
        <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round">
          <path d="M7 7l10 10M17 7L7 17" />
        </svg>
      </div>
      <h1 className={styles.title}>{t('cancel.title')}</h1>
      <p className={styles.lead} data-testid="nothing-charged">
        {t('cancel.lead')}
      </p>
      <div className={styles.ctas}>
        {back && (
          <LocalizedLink className={styles.cta} to={back} data-testid="cancel-return">
            {t('cancel.return')}
          </LocalizedLink>
        )}
        <LocalizedLink className={back ? styles.secondary : styles.cta} to="/pricing">
          {t('cancel.back')}
        </LocalizedLink>
      </div>
    </main>
  );
}
