import { useTranslation } from 'react-i18next';
import { useBillingPortal } from '@reelmint/shared';
import styles from './payment-due.module.css';

/**
 * Opens the payment provider's page where the card is mended (Stripe's customer portal), which
 * comes back to /account; says so when it cannot be opened.
 */
export function UpdatePaymentButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { state, open } = useBillingPortal();
  return (
    <>
      <button
        type="button"
        className={className ?? styles.action}
        onClick={() => void open()}
        disabled={state === 'opening'}
        aria-busy={state === 'opening'}
        data-testid="update-payment"
      >
        {state === 'opening' ? t('payment.due.opening') : t('payment.due.action')}
      </button>
      {state === 'failed' && (
        <p role="alert" className={styles.failed}>
          {t('payment.due.failed')}
        </p>
      )}
    </>
  );
}

/**
 * Under the header on every page while a renewal is unpaid: the plan's paid features are paused, and the way to mend
 * the card is one button away. Loaded only for such an account (layout.tsx).
 */
export function PaymentDueBanner() {
  const { t } = useTranslation();
  return (
    <div className={styles.banner} role="region" aria-label={t('payment.due.label')} data-testid="payment-due-banner">
      <p>{t('payment.due.text')}</p>
      <UpdatePaymentButton />
    </div>
  );
}
