import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { bus, loadSubscription, useActiveLanguage, useAuth, useSubscription } from '@reelmint/shared';
import type { PlanItem, SubscriptionStatus } from '@reelmint/shared';
import type { BillingCycle } from '../checkout/checkout.ts';
import { useCheckoutEnded } from '../checkout/checkout-end.ts';
import { preloadSiteConfig, TestCheckoutNote } from '../checkout/test-checkout-note.tsx';
import { PackOffer } from '../credit-packs/pack-offer.tsx';
import { useBillingText } from '../i18n.ts';
import { EngineNote } from '../plans/engine-note.tsx';
import { normalizePlanKey, parseCycle, yearlySaving } from '../plans/plan-catalogue.ts';
import { preloadCatalogue, useDrawnPlans } from '../plans/use-plans.ts';
import { withBillingQueries } from '../server-state/billing-queries.tsx';
import { changeDirection } from '../subscription/plan-change.ts';
import { usePlanChoice } from '../subscription/plan-mutations.ts';
import { formatDate } from '../ui/format.ts';
import { ChoiceOutcome } from './choice-outcome.tsx';
import { CycleToggle } from '../ui/cycle-toggle.tsx';
import { PlanCard } from './plan-card.tsx';
import type { CardAction } from './plan-card.tsx';
import { YourPlanPanel } from './your-plan-panel.tsx';
import styles from './pricing-page.module.css';

/** Where a checkout started here says it came from, unless the link that brought the person here says otherwise. */
const PAGE_SOURCE = 'pricing';

/**
 * What a card offers this person on this cycle: the free plan's upgrade, a move up (paid
 * now, the rest of the current period counted), a move down at the end of the period, or the
 * change already waiting for that moment (api/README "Plan changes").
 */
type CurrentPlan = Pick<SubscriptionStatus, 'plan' | 'billingCycle' | 'status' | 'scheduledChange'>;

function cardAction(plan: PlanItem, cycle: BillingCycle, signedIn: boolean, current: CurrentPlan | null): CardAction {
  if (!signedIn) return plan.price > 0 ? 'sign-in' : 'start-free';
  if (!current) return plan.price > 0 ? 'upgrade' : 'none';
  if (plan.key === 'free') return current.plan === 'free' ? 'current' : 'none';
  const direction = changeDirection(current, plan.key, cycle);
  if (direction === 'same') return 'current';
  if (current.scheduledChange?.plan === plan.key && current.scheduledChange.billingCycle === cycle) return 'scheduled';
  if (direction === 'up') return 'upgrade';
  // A cancelled plan ends with its period; nothing is scheduled after it.
  return current.status === 'canceled' ? 'none' : 'downgrade';
}

/**
 * /pricing: the server's catalogue with a monthly/yearly toggle. Honours ?highlight={plan}
 * (that card stands out and scrolls into view), ?cycle= and ?source= (carried to checkout).
 */
function PricingPage() {
  const { t } = useBillingText();
  const [params] = useSearchParams();
  const location = useLocation();
  const highlight = normalizePlanKey(params.get('highlight'));
  const source = params.get('source')?.slice(0, 100) || PAGE_SOURCE;
  const [cycle, setCycle] = useState<BillingCycle>(parseCycle(params.get('cycle')) ?? 'yearly');
  // A page the shell's server drew starts from the catalogue it was drawn with.
  const { state: plans, retry } = useDrawnPlans();
  const signedIn = useAuth((s) => Boolean(s.token));
  const sessionPlan = useAuth((s) => s.user?.plan ?? null);
  // Only a signed-in person has a plan of their own to show; an anonymous visitor's stand-in (read right after the page
  // is taken over, without a request) is not taken, so reading it does not draw the whole page again.
  const subscription = useSubscription((s) => (signedIn ? s.subscription : null));
  const locale = useActiveLanguage();
  // The server's answer when there is one; until then the plan the session was signed in with.
  const sessionPlanKey = normalizePlanKey(sessionPlan);
  const current: CurrentPlan | null = signedIn
    ? (subscription ?? (sessionPlanKey ? { plan: sessionPlanKey, billingCycle: null, status: 'active', scheduledChange: null } : null))
    : null;
  const choice = usePlanChoice();
  const outcome = choice.data;
  // The plan being asked for: its card is busy and every card locked until the answer.
  const starting = choice.isPending ? choice.variables.plan.key : null;
  // The card whose button was pressed says what came of it, beside that button rather than at the top of the page.
  const chosen = choice.variables?.plan.key ?? null;
  const opened = outcome?.kind === 'checkout' ? outcome : null;
  // A move down said on its card follows the subscription as it stands, not the change's reply: once the change is
  // dropped (Keep on the Your plan panel), replaced or the plan cancelled, the reply's date would tell of a change
  // that no longer waits. Shown only while the subscription still has that change, with the date it has now.
  const waiting = current?.scheduledChange ?? null;
  const shownOutcome =
    outcome?.kind === 'scheduled'
      ? waiting && waiting.plan === chosen && waiting.billingCycle === choice.variables?.cycle
        ? { ...outcome, effectiveDate: waiting.effectiveDate }
        : null
      : (outcome ?? null);
  // Once that checkout is paid or cancelled in its window, the note that it is open would be stale.
  useCheckoutEnded(opened !== null, opened?.sessionId ?? null, () => choice.reset());
  const highlightedCard = useRef<HTMLLIElement>(null);

  useEffect(() => {
    void loadSubscription();
  }, [signedIn]);

  const ready = plans.kind === 'ready';
  useEffect(() => {
    if (ready) highlightedCard.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [ready, highlight]);

  const choose = (plan: PlanItem) => {
    if (!signedIn) {
      const back = new URLSearchParams({ highlight: plan.key, cycle });
      if (params.get('source')) back.set('source', source);
      bus.emit('navigate', { to: `/auth?${new URLSearchParams({ returnTo: `/pricing?${back.toString()}` }).toString()}` });
      return;
    }
    choice.mutate({ plan, cycle, source, member: Boolean(current && current.plan !== 'free'), returnPath: `${location.pathname}${location.search}` });
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
                action={cardAction(plan, cycle, signedIn, current)}
                currentPlanKey={current?.plan ?? null}
                startsOn={current?.scheduledChange ? formatDate(current.scheduledChange.effectiveDate, locale) : null}
                buildsOn={plan.key === 'premium' ? pro : undefined}
                highlighted={plan.key === highlight}
                busy={starting === plan.key}
                locked={choice.isPending}
                onChoose={choose}
                outcome={plan.key === chosen ? <ChoiceOutcome outcome={shownOutcome} failure={choice.error} /> : null}
              />
            ))}
          </ul>
        </>
      )}

      {current && current.plan !== 'free' && (
        <p className={styles.changeRule} data-testid="change-rule">
          {t('pricing.changeRule')}
        </p>
      )}

      {current && current.plan !== 'free' && <PackOffer source={source} returnPath={`${location.pathname}${location.search}`} headingLevel={2} />}

      <EngineNote />

      <ul className={styles.assurances}>
        <li>{t('pricing.assureCancel')}</li>
        <li>{t('pricing.assureSecure')}</li>
        <li>{t('pricing.assureCredits')}</li>
      </ul>
    </main>
  );
}

export default withBillingQueries(PricingPage);

/**
 * Called by the shell once a page elsewhere is idle, before a likely move here: the plans, whether checkout is a test
 * and the visitor's own plan are then drawn at once, with nothing read, added or drawn again after the move.
 */
export async function preload(): Promise<void> {
  await Promise.all([preloadCatalogue(), preloadSiteConfig(), loadSubscription()]);
}
