import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useActiveLanguage } from '@reelmint/shared';
import { openDetached } from '../checkout/checkout.ts';
import { rememberCheckoutOrigin } from '../checkout/checkout-return.ts';
import { useBillingText } from '../i18n.ts';
import { loadState } from '@reelmint/shared/query-client';
import { billingKeys } from '../server-state/billing-queries.tsx';
import { formatNumber, formatPrice } from '../ui/format.ts';
import { packsApi } from './packs-api.ts';
import styles from './pack-offer.module.css';

type Purchase =
  { kind: 'idle' } | { kind: 'starting'; packId: string } | { kind: 'opened'; credits: number; url: string } | { kind: 'failed'; network: boolean };

interface Props {
  /** Where the checkout says it started (pricing, the modal). */
  source: string;
  /** The path to offer back on /payment/cancel. */
  returnPath: string;
  /** The heading level that fits where the offer sits. */
  headingLevel: 2 | 3;
  compact?: boolean;
}

/**
 * One-time credit packs for members of a paid plan: each buys its credits through the same
 * checkout as a plan, in a new window, and the plan itself is left as it is.
 */
export function PackOffer({ source, returnPath, headingLevel, compact = false }: Props) {
  const { t } = useBillingText();
  const locale = useActiveLanguage();
  const headingId = useId();
  // Pricing and the modal offer the same packs: one read serves both while it is fresh.
  const packsQuery = useQuery({ queryKey: billingKeys.packs, queryFn: packsApi.list });
  const packs = loadState(packsQuery);
  const [purchase, setPurchase] = useState<Purchase>({ kind: 'idle' });
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const buy = async (packId: string, credits: number) => {
    setPurchase({ kind: 'starting', packId });
    const outcome = await packsApi.startCheckout({ packId, source });
    if (!outcome.ok) {
      setPurchase({ kind: 'failed', network: outcome.network });
      return;
    }
    rememberCheckoutOrigin(returnPath);
    openDetached(outcome.checkoutUrl);
    setPurchase({ kind: 'opened', credits, url: outcome.checkoutUrl });
  };

  return (
    <section className={styles.offer} data-compact={compact || undefined} aria-labelledby={headingId} data-testid="credit-packs">
      <Heading id={headingId} className={styles.title}>
        {t('packs.title')}
      </Heading>
      <p className={styles.lead}>{t('packs.lead')}</p>
      {packs.kind === 'loading' && (
        <p role="status" className={styles.lead}>
          {t('packs.loading')}
        </p>
      )}
      {packs.kind === 'error' && (
        <div role="alert" className={styles.problem}>
          <p>{t('packs.error')}</p>
          <button type="button" className={styles.buy} onClick={() => void packsQuery.refetch()}>
            {t('pricing.retry')}
          </button>
        </div>
      )}
      {packs.kind === 'ready' && (
        <ul className={styles.list}>
          {packs.value.map((pack) => {
            const nameId = `${headingId}-${pack.id}`;
            return (
              <li key={pack.id} className={styles.pack} data-pack={pack.id}>
                <span id={nameId} className={styles.credits}>
                  {t('packs.credits', { count: pack.credits, formatted: formatNumber(pack.credits, locale) })}
                </span>
                <span className={styles.price}>{formatPrice(pack.price, pack.currency, locale)}</span>
                <button
                  type="button"
                  className={styles.buy}
                  disabled={purchase.kind === 'starting'}
                  aria-busy={purchase.kind === 'starting' && purchase.packId === pack.id}
                  aria-describedby={nameId}
                  onClick={() => void buy(pack.id, pack.credits)}
                >
                  {purchase.kind === 'starting' && purchase.packId === pack.id
                    ? t('modal.processing')
                    : t('packs.buy', { price: formatPrice(pack.price, pack.currency, locale) })}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div aria-live="polite">
        {purchase.kind === 'opened' && (
          <p className={styles.opened} data-testid="pack-checkout-opened">
            {t('packs.opened', { count: purchase.credits, formatted: formatNumber(purchase.credits, locale) })}{' '}
            <a href={purchase.url} target="_blank" rel="noopener noreferrer">
              {t('checkout.openLink')}
              <span className="rm-visually-hidden"> {t('modal.newTab')}</span>
            </a>
          </p>
        )}
      </div>
      {purchase.kind === 'failed' && (
        <p role="alert" className={styles.failure} data-testid="pack-error">
          {t(purchase.network ? 'packs.network' : 'packs.failed')}
        </p>
      )}
    </section>
  );
}
