import { useQuery } from '@tanstack/react-query';
import { api, usePublicRead } from '@reelmint/shared';
import { useBillingText } from '../i18n.ts';
import { billingKeys, prefetchBilling } from '../server-state/billing-queries.tsx';

/**
 * Says, before anyone pays, that the site runs the test checkout (no money moves). Shown only when
 * the API reports the local provider; a site taking real payments shows nothing here. A page the shell's server
 * drew carries it already (from the same answer, seeded into the cache), so it is not added above the plans once the
 * page is taken over. The site's configuration does not change during a visit: it is read once.
 */
const siteConfigQuery = { queryKey: billingKeys.config, queryFn: api.config, staleTime: Infinity };

/** Reads the site's configuration ahead with the plans, so the note arrives with them rather than above them later. */
export function preloadSiteConfig(): Promise<void> {
  return prefetchBilling(siteConfigQuery);
}

/** The site's configuration (GET /api/config), from the page's drawing when the shell's server drew it; undefined while it is read. */
export function useSiteConfig() {
  const drawn = usePublicRead('config');
  return useQuery({ ...siteConfigQuery, ...(drawn ? { initialData: drawn } : {}) }).data;
}

export function TestCheckoutNote({ className }: { className?: string }) {
  const { t } = useBillingText();
  const config = useSiteConfig();
  if (config?.paymentProvider !== 'local') return null;
  return (
    <p className={className} data-testid="test-checkout-note">
      {t('checkout.testNote')}
    </p>
  );
}
