import { LocalizedLink } from '@reelmint/shared';
import { useBillingText } from '../i18n.ts';
import styles from './payment.module.css';

/** /payment/success: where the checkout sends a person after paying. */
export default function PaymentSuccessPage() {
  const { t } = useBillingText();
  return (
    <main className={styles.page} data-remote="billing">
      <h1 className={styles.title}>{t('success.title')}</h1>
      <p className={styles.lead}>{t('success.lead')}</p>
      <LocalizedLink className={styles.cta} to="/text-to-video/generator">{t('success.cta')}</LocalizedLink>
    </main>
  );
}
