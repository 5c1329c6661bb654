import { useId } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useActiveLanguage } from '@reelmint/shared';
import { openDetached } from '../checkout/checkout.ts';
import { useCheckoutEnded } from '../checkout/checkout-end.ts';
import { rememberCheckoutOrigin } from '../checkout/checkout-return.ts';
import { useBillingText } from '../i18n.ts';
import { loadState } from '@reelmint/shared/query-client';
import { billingKeys } from '../server-state/billing-queries.tsx';
import { formatNumber, formatPrice } from '../ui/format.ts';
import { packsApi } from './packs-api.ts';
import styles from './pack-offer.module.css';

/** A pack's checkout that did not start, held as its mutation's error: with no connection (or too slow), or refused. */
class PackCheckoutFailure extends Error {
  readonly network: boolean;

  constructor(network: boolean) {
    super(network ? 'network' : 'failed');
    this.name = 'PackCheckoutFailure';
    this.network = network;
  }
}

interface PackChoice {
  packId: string;
  credits: number;
  source: string;
  returnPath: string;
}

/** Buying a pack: its checkout opens in a new window, and the person can come back to where it started. */
function usePackCheckout() {
  return useMutation<{ credits: number; url: string; sessionId: string }, PackCheckoutFailure, PackChoice>({
    mutationFn: async ({ packId, credits, source }) => {
      const outcome = await packsApi.startCheckout({ packId, source });
      if (!outcome.ok) throw new PackCheckoutFailure(outcome.network);
      return { credits, url: outcome.checkoutUrl, sessionId: outcome.sessionId };
    },
    onSuccess: ({ url }, { returnPath }) => {
      rememberCheckoutOrigin(returnPath);
      openDetached(url);
    },
  });
}

interface Props {
  /** Where the checkout says it started (pricing, the modal). */
  source: string;
  /** The path to offer back on /payment/cancel. */
  returnPath: string;
  /** The heading level that fits where the offer sits. */
  headingLevel: 2 | 3;
  compact?: boolean;
  /** Called once a pack bought here is paid in its checkout window (the modal closes on it, as after a plan). */
  onPaid?: () => void;
}

/**
 * One-time credit packs for members of a paid plan: each buys its credits through the same
 * checkout as a plan, in a new window, and the plan itself is left as it is.
 */
export function PackOffer({ source, returnPath, headingLevel, compact = false, onPaid }: Props) {
  const { t } = useBillingText();
  const locale = useActiveLanguage();
  const headingId = useId();
  // Pricing and the modal offer the same packs: one read serves both while it is fresh.
  const packsQuery = useQuery({ queryKey: billingKeys.packs, queryFn: packsApi.list });
  const packs = loadState(packsQuery);
  const purchase = usePackCheckout();
  // The pack being asked for: its button is busy and every pack locked until the answer.
  const starting = purchase.isPending ? purchase.variables.packId : null;
  const opened = purchase.data;
  // Once that checkout is paid or cancelled in its window, the note that it is open, and its link, would be stale.
  // A paid one is also told to whoever shows the offer: a cancelled one changes nothing, the offer stays as it was.
  useCheckoutEnded(opened !== undefined, opened?.sessionId ?? null, (outcome) => {
    purchase.reset();
    if (outcome === 'paid') onPaid?.();
  });
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

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
                  disabled={purchase.isPending}
                  aria-busy={starting === pack.id}
                  aria-describedby={nameId}
                  onClick={() => purchase.mutate({ packId: pack.id, credits: pack.credits, source, returnPath })}
                >
                  {starting === pack.id ? t('modal.processing') : t('packs.buy', { price: formatPrice(pack.price, pack.currency, locale) })}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div aria-live="polite">
        {opened && (
          <p className={styles.opened} data-testid="pack-checkout-opened">
            {t('packs.opened', { count: opened.credits, formatted: formatNumber(opened.credits, locale) })}{' '}
            <a href={opened.url} target="_blank" rel="noopener noreferrer">
              {t('checkout.openLink')}
              <span className="rm-visually-hidden"> {t('modal.newTab')}</span>
            </a>
          </p>
        )}
      </div>
      {purchase.error && (
        <p role="alert" className={styles.failure} data-testid="pack-error">
          {t(purchase.error.network ? 'packs.network' : 'packs.failed')}
        </p>
      )}
    </section>
  );
}
