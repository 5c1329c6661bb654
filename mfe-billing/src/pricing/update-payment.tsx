import { useBillingPortal } from '@reelmint/shared';
import { useBillingText } from '../i18n.ts';
import styles from './your-plan-panel.module.css';

/** Opens the payment provider's page where the card is mended (it comes back to /account); says so when it cannot. */
export function UpdatePayment() {
  const { t } = useBillingText();
  const { state, open } = useBillingPortal();
  return (
    <>
      <button type="button" className={styles.keepButton} onClick={() => void open()} disabled={state === 'opening'} aria-busy={state === 'opening'}>
        {state === 'opening' ? t('yourPlan.opening') : t('yourPlan.updatePayment')}
      </button>
      {state === 'failed' && (
        <p role="alert" className={styles.dialogError}>
          {t('yourPlan.portalFailed')}
        </p>
      )}
    </>
  );
}
