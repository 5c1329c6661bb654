import { useQuery } from '@tanstack/react-query';
import { api, usePublicRead } from '@reelmint/shared';
import { useBillingText } from '../i18n.ts';
import { billingKeys } from '../server-state/billing-queries.tsx';

/**
 * Says, before anyone pays, that the site runs the test checkout (no money moves). Shown only when
 * the API reports the local provider; a site taking real payments shows nothing here. A page the shell's server
 * drew carries it already (from the same answer, seeded into the cache), so it is not added above the plans once the
 * page is taken over. The site's configuration does not change during a visit: it is read once.
 */
export function TestCheckoutNote({ className }: { className?: string }) {
  const { t } = useBillingText();
  const drawn = usePublicRead('config');
  const { data: config } = useQuery({ queryKey: billingKeys.config, queryFn: api.config, staleTime: Infinity, ...(drawn ? { initialData: drawn } : {}) });
  if (config?.paymentProvider !== 'local') return null;
  return (
    <p className={className} data-testid="test-checkout-note">
      {t('checkout.testNote')}
    </p>
  );
}
