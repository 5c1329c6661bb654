import { LocalizedLink } from '@reelmint/shared';
import { useBillingText } from '../i18n.ts';
import styles from './payment.module.css';

/** /payment/cancel: the person left the checkout; nothing was charged. */
export default function PaymentCancelPage() {
  const { t } = useBillingText();
  return (
    <main className={styles.page} data-remote="billing">
      <h1 className={styles.title}>{t('cancel.title')}</h1>
      <p className={styles.lead}>{t('cancel.lead')}</p>
      <LocalizedLink className={styles.cta} to="/pricing">{t('cancel.back')}</LocalizedLink>
    </main>
  );
}
