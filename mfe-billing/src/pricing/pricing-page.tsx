import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { api, bus, canUpgrade, loadSubscription, PLAN_KEYS, useAuth, useLoad, useSubscription } from '@reelmint/shared';
import type { PlanItem } from '@reelmint/shared';
import { openDetached } from '../checkout/checkout.ts';
import type { BillingCycle } from '../checkout/checkout.ts';
import { rememberCheckoutOrigin } from '../checkout/checkout-return.ts';
import { TestCheckoutNote } from '../checkout/test-checkout-note.tsx';
import { useBillingText } from '../i18n.ts';
import { normalizePlanKey, parseCycle, yearlySaving } from '../plans/plan-catalogue.ts';
import { upgradeSubscription } from '../subscription/subscription-state.ts';
import type { SubscriptionError } from '../subscription/subscription-state.ts';
import { CycleToggle } from '../ui/cycle-toggle.tsx';
import { PlanCard } from './plan-card.tsx';
import type { CardAction } from './plan-card.tsx';
import { YourPlanPanel } from './your-plan-panel.tsx';
import styles from './pricing-page.module.css';

/** Where a checkout started here says it came from, unless the link that brought the person here says otherwise. */
const PAGE_SOURCE = 'pricing';

type Checkout = { kind: 'idle' } | { kind: 'starting'; plan: string } | { kind: 'opened'; plan: string; url: string } | { kind: 'failed'; error: SubscriptionError };

function cardAction(plan: PlanItem, signedIn: boolean, currentPlan: string | null): CardAction {
  if (!signedIn) return plan.price > 0 ? 'sign-in' : 'start-free';
  if (plan.key === currentPlan) return 'current';
  if (canUpgrade(currentPlan)) return plan.price > 0 ? 'upgrade' : 'none';
  // A paid member can move up now: the checkout counts what is left of the current period (api/README "Payments").
  const rank = (key: string | null) => PLAN_KEYS.findIndex((known) => known === key);
  return rank(plan.key) > rank(currentPlan) ? 'upgrade' : 'none';
}

/**
 * /pricing: the server's catalogue with a monthly/yearly toggle. Honours ?highlight={plan}
 * (that card stands out and scrolls into view), ?cycle= and ?source= (carried to checkout).
 */
export default function PricingPage() {
  const { t } = useBillingText();
  const [params] = useSearchParams();
  const location = useLocation();
  const highlight = normalizePlanKey(params.get('highlight'));
  const source = params.get('source')?.slice(0, 100) || PAGE_SOURCE;
  const [cycle, setCycle] = useState<BillingCycle>(parseCycle(params.get('cycle')) ?? 'yearly');
  const { state: plans, retry } = useLoad(api.plans);
  const signedIn = useAuth((s) => Boolean(s.token));
  const sessionPlan = useAuth((s) => s.user?.plan ?? null);
  const subscription = useSubscription((s) => s.subscription);
  // The server's answer when there is one; until then the plan the session was signed in with.
  const currentPlan = signedIn ? (subscription?.plan ?? sessionPlan) : null;
  const [checkout, setCheckout] = useState<Checkout>({ kind: 'idle' });
  const highlightedCard = useRef<HTMLLIElement>(null);

  useEffect(() => {
    void loadSubscription();
  }, [signedIn]);

  const ready = plans.kind === 'ready';
  useEffect(() => {
    if (ready) highlightedCard.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [ready, highlight]);

  const choose = async (plan: PlanItem) => {
    if (!signedIn) {
      const back = new URLSearchParams({ highlight: plan.key, cycle });
      if (params.get('source')) back.set('source', source);
      bus.emit('navigate', { to: `/auth?${new URLSearchParams({ returnTo: `/pricing?${back.toString()}` }).toString()}` });
      return;
    }
    setCheckout({ kind: 'starting', plan: plan.key });
    const outcome = await upgradeSubscription(plan.key, cycle, source);
    if (outcome.success) {
      rememberCheckoutOrigin(`${location.pathname}${location.search}`);
      openDetached(outcome.data.checkoutUrl);
      setCheckout({ kind: 'opened', plan: plan.name, url: outcome.data.checkoutUrl });
    } else {
      setCheckout({ kind: 'failed', error: outcome.error });
    }
  };

  const paidPlans = ready ? plans.value.data : [];
  const pro = paidPlans.find((plan) => plan.key === 'pro');

  return (
    <main className={styles.page} data-remote="billing">
      <header className={styles.hero}>
        <p className={styles.eyebrow}>{t('pricing.eyebrow')}</p>
        <h1 className={styles.title}>{t('pricing.title')}</h1>
        <p className={styles.lead}>{t('pricing.lead')}</p>
        <TestCheckoutNote className={styles.testNote} />
        <CycleToggle cycle={cycle} onChange={setCycle} saving={ready && !plans.value.fallback ? yearlySaving(plans.value.data) : null} />
      </header>

      {signedIn && <YourPlanPanel plans={paidPlans} />}

      <div className={styles.live} aria-live="polite">
        {checkout.kind === 'opened' && (
          <div className={styles.opened} data-testid="checkout-opened">
            <p>{t('pricing.checkoutOpened', { plan: checkout.plan })}</p>
            {/* The window opens after a request, when the browser may no longer count it as the click's popup. */}
            <p>
              {t('checkout.notOpened')}{' '}
              <a href={checkout.url} target="_blank" rel="noopener noreferrer" data-testid="checkout-link">
                {t('checkout.openLink')}
                <span className="rm-visually-hidden"> {t('modal.newTab')}</span>
              </a>
            </p>
          </div>
        )}
      </div>
      {checkout.kind === 'failed' && (
        <p role="alert" className={styles.failure} data-testid="checkout-error" data-code={checkout.error.code}>
          {t(checkout.error.key)}
        </p>
      )}

      {plans.kind === 'loading' && (
        <ul className={styles.grid} aria-busy="true">
          <li className={styles.skeletonCard} />
          <li className={styles.skeletonCard} />
          <li className={styles.skeletonCard} />
          <li className="rm-visually-hidden" role="status">
            {t('pricing.loading')}
          </li>
        </ul>
      )}
      {plans.kind === 'error' && (
        <div role="alert" className={styles.problem}>
          <p>{t('pricing.error')}</p>
          <button type="button" className={styles.secondaryButton} onClick={retry}>
            {t('pricing.retry')}
          </button>
        </div>
      )}
      {ready && (
        <>
          {plans.value.fallback && (
            <p role="status" className={styles.notice}>
              {t('pricing.offline')}
            </p>
          )}
          <ul className={styles.grid} data-testid="plan-grid">
            {plans.value.data.map((plan) => (
              <PlanCard
                key={plan.key}
                ref={plan.key === highlight ? highlightedCard : undefined}
                plan={plan}
                cycle={cycle}
                action={cardAction(plan, signedIn, currentPlan)}
                buildsOn={plan.key === 'premium' ? pro : undefined}
                highlighted={plan.key === highlight}
                busy={checkout.kind === 'starting' && checkout.plan === plan.key}
                locked={checkout.kind === 'starting'}
                onChoose={(chosen) => void choose(chosen)}
              />
            ))}
          </ul>
        </>
      )}

      <ul className={styles.assurances}>
        <li>{t('pricing.assureCancel')}</li>
        <li>{t('pricing.assureSecure')}</li>
        <li>{t('pricing.assureCredits')}</li>
      </ul>
    </main>
  );
}
