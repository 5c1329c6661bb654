import { api, useLoad, usePublicRead } from '@reelmint/shared';
import { useBillingText } from '../i18n.ts';

/**
 * Says, before anyone pays, that the site runs the test checkout (no money moves). Shown only when
 * the API reports the local provider; a site taking real payments shows nothing here. A page the shell's server
 * drew carries it already (from the same answer), so it is not added above the plans once the page is taken over.
 */
export function TestCheckoutNote({ className }: { className?: string }) {
  const { t } = useBillingText();
  const { state } = useLoad(api.config, usePublicRead('config'));
  if (state.kind !== 'ready' || state.value.paymentProvider !== 'local') return null;
  return (
    <p className={className} data-testid="test-checkout-note">
      {t('checkout.testNote')}
    </p>
  );
}
