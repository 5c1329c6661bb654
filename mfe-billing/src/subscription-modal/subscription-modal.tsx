import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import {
  authStore,
  bus,
  clearSession,
  loadSubscription,
  PLAN_KEYS,
  PLAN_NAMES,
  plansWith,
  TOKEN_KEY,
  useActiveLanguage,
  useLocalizePath,
  useSubscription,
} from '@reelmint/shared';
import { openDetached, pricingFallbackUrl } from '../checkout/checkout.ts';
import { useCheckoutEnded } from '../checkout/checkout-end.ts';
import { TestCheckoutNote } from '../checkout/test-checkout-note.tsx';
import { PackOffer } from '../credit-packs/pack-offer.tsx';
import { useBillingText } from '../i18n.ts';
import { EngineNote } from '../plans/engine-note.tsx';
import { PAID_PLAN_KEYS, yearlySaving } from '../plans/plan-catalogue.ts';
import { useModalPlans } from '../plans/use-plans.ts';
import { withBillingQueries } from '../server-state/billing-queries.tsx';
import { usePlanChoice } from '../subscription/plan-mutations.ts';
import type { SubscriptionModalRequest } from '@reelmint/shared';
import { CycleToggle } from '../ui/cycle-toggle.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { formatDate, formatNumber } from '../ui/format.ts';
import { PlanOption } from './plan-option.tsx';
import { CLOSED, initialPlan, transition } from './modal-machine.ts';
import type { ModalEffect, ModalEvent, ModalState } from './modal-machine.ts';
import styles from './subscription-modal.module.css';

/**
 * Continue needs a token. The stored one is the truth: a logout in another tab removes it
 * without this tab's store knowing, and a checkout with that dead token could only fail.
 */
function hasSession(): boolean {
  const { token } = authStore.getState();
  if (!token) return false;
  let stored: string | null;
  try {
    stored = localStorage.getItem(TOKEN_KEY);
  } catch {
    // No readable storage (a locked-down browser): the store is all there is to go by.
    return true;
  }
  if (stored === token) return true;
  clearSession();
  return false;
}

/**
 * The upsell modal. Mounted once by the shell; any app opens it through the bus
 * (openSubscriptionModal / requestCredits in @reelmint/shared) and gets the result back.
 */
function SubscriptionModal() {
  const { t } = useBillingText();
  const localize = useLocalizePath();
  const location = useLocation();
  const locale = useActiveLanguage();
  const ids = { title: useId(), lead: useId() };
  const currentPlan = useSubscription((s) => s.subscription?.plan ?? null);
  const [state, setState] = useState<ModalState>(CLOSED);
  const [opened, setOpened] = useState(false);
  // The catalogue is asked for on the first opening, not on every page the shell shows.
  const { state: plans, retry } = useModalPlans(opened);
  // Continue is pricing's plan choice: its busy state, its refusal and what the API answered are the mutation's.
  const choice = usePlanChoice();

  const machine = useRef<ModalState>(CLOSED);
  // Effects run with this render's language and location; the bus listener outlives renders.
  const runEffect = useRef<(effect: ModalEffect) => void>(() => undefined);
  const dispatch = useCallback((event: ModalEvent) => {
    const next = transition(machine.current, event);
    machine.current = next.state;
    setState(next.state);
    for (const effect of next.effects) runEffect.current(effect);
  }, []);

  const plansNow = useRef(plans);
  useLayoutEffect(() => {
    plansNow.current = plans;
  });

  const here = `${location.pathname}${location.search}`;
  // Kept current after each render (not during it), before any bus event or click can dispatch.
  useLayoutEffect(() => {
    runEffect.current = (effect) => {
      if (effect.type === 'resolve') {
        bus.emit('subscription:result', effect.result);
      } else if (effect.type === 'sign-in') {
        bus.emit('navigate', { to: `/auth?${new URLSearchParams({ returnTo: here }).toString()}` });
      } else if (effect.type === 'forget-answer') {
        choice.reset();
      } else {
        const catalogue = plansNow.current.kind === 'ready' ? plansNow.current.value.data : [];
        // A member changes the plan they have (api/README "Plan changes"): a checkout for the difference, or, with a
        // live Stripe subscription, that subscription updated in place. A checkout of its own would be refused, since
        // one person never has two subscriptions. Whether the person is a member is read when Continue is pressed.
        void choice
          .mutateAsync({
            plan: { key: effect.plan, name: catalogue.find((plan) => plan.key === effect.plan)?.name ?? effect.plan },
            cycle: effect.cycle,
            source: effect.source ?? 'subscription-modal',
            returnPath: here,
            fallback: {
              fallbackUrl: pricingFallbackUrl(localize, effect.plan, effect.source),
              messages: { sessionFailed: t('checkout.sessionFailed'), requestFailed: t('checkout.requestFailed') },
            },
          })
          .then(
            (chosen) => {
              if (chosen.kind === 'checkout') return dispatch({ type: 'checkout-finished', checkoutUrl: chosen.checkoutUrl });
              if (chosen.kind === 'sent-away') return dispatch({ type: 'checkout-finished' });
              return dispatch({
                type: 'change-finished',
                outcome: chosen.kind === 'scheduled' ? { kind: 'scheduled', effectiveDate: chosen.effectiveDate } : { kind: 'changed' },
              });
            },
            // The refusal is the mutation's error, shown until the choice changes.
            () => dispatch({ type: 'change-finished', outcome: { kind: 'failed' } }),
          );
      }
    };
  });

  useEffect(() => {
    const onOpen = (request: SubscriptionModalRequest) => {
      setOpened(true);
      // A catalogue that failed to load, or came back as the built-in sample plans because the
      // server was down, gets a fresh attempt with each opening.
      const loaded = plansNow.current;
      if (loaded.kind === 'error' || (loaded.kind === 'ready' && loaded.value.fallback)) retry();
      void loadSubscription();
      dispatch({ type: 'open', request });
    };
    bus.on('subscription:open', onOpen);
    return () => {
      bus.off('subscription:open', onOpen);
      if (machine.current.phase !== 'closed') dispatch({ type: 'dismiss' });
    };
  }, [dispatch, retry]);

  const checkoutLink = useRef<HTMLAnchorElement>(null);
  const checkoutShown = state.phase === 'opened';
  // Its link to a checkout that was paid or cancelled in the other window would be stale: the modal closes.
  useCheckoutEnded(checkoutShown, null, () => dispatch({ type: 'dismiss' }));
  useEffect(() => {
    // The Continue button the person pressed is gone: the checkout link is the next thing to use.
    if (checkoutShown) checkoutLink.current?.focus();
  }, [checkoutShown]);
  const doneButton = useRef<HTMLButtonElement>(null);
  const changeShown = state.phase === 'changed';
  useEffect(() => {
    if (changeShown) doneButton.current?.focus();
  }, [changeShown]);

  // On a phone the sheet is scrolled down to Continue: a refusal written above it is brought into view
  // (optional call: test DOMs have no layout and no scrollIntoView).
  const changeError = useRef<HTMLDivElement>(null);
  const failedChange = state.phase === 'choosing' ? choice.error : null;
  useEffect(() => {
    if (failedChange) changeError.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [failedChange]);

  if (state.phase === 'closed') return null;
  // A plan lock asks for a plan, not for credits: the title names the option and the cheapest plan with it.
  const needsPlan = state.request.needsPlan;
  const neededPlanName =
    needsPlan && ((plans.kind === 'ready' && plans.value.data.find((plan) => plan.key === needsPlan.plan)?.name) || PLAN_NAMES[needsPlan.plan]);
  const title = needsPlan ? t(`modal.planTitle.${needsPlan.feature}`, { plan: neededPlanName }) : t('modal.title');
  if (state.phase === 'opened') {
    const planName = (plans.kind === 'ready' && plans.value.data.find((plan) => plan.key === state.plan)?.name) || state.plan;
    return (
      <Dialog labelledBy={ids.title} describedBy={ids.lead} onDismiss={() => dispatch({ type: 'dismiss' })} testId="subscription-modal">
        <div className={styles.body}>
          <CloseButton label={t('modal.close')} onClick={() => dispatch({ type: 'dismiss' })} />
          <div className={styles.handle} aria-hidden="true" />
          <h2 id={ids.title} className={styles.title}>
            {title}
          </h2>
          <p id={ids.lead} className={styles.lead} role="status" data-testid="checkout-opened">
            {t('pricing.checkoutOpened', { plan: planName })}
          </p>
          <p className={styles.fineprint}>{t('checkout.notOpened')}</p>
          <div className={styles.actions}>
            <a ref={checkoutLink} className={styles.primary} href={state.checkoutUrl} target="_blank" rel="noopener noreferrer" data-testid="checkout-link">
              {t('checkout.openLink')}
              <span className="rm-visually-hidden"> {t('modal.newTab')}</span>
            </a>
          </div>
        </div>
      </Dialog>
    );
  }

  if (state.phase === 'changed') {
    const planName = (plans.kind === 'ready' && plans.value.data.find((plan) => plan.key === state.plan)?.name) || state.plan;
    const { done } = state;
    return (
      <Dialog labelledBy={ids.title} describedBy={ids.lead} onDismiss={() => dispatch({ type: 'dismiss' })} testId="subscription-modal">
        <div className={styles.body}>
          {/* One way out, named Close: the outcome needs nothing else. */}
          <div className={styles.handle} aria-hidden="true" />
          <h2 id={ids.title} className={styles.title}>
            {title}
          </h2>
          <p id={ids.lead} className={styles.lead} role="status" data-testid={done.kind === 'scheduled' ? 'plan-scheduled' : 'plan-changed'}>
            {done.kind === 'scheduled'
              ? t('pricing.scheduled', { plan: planName, date: formatDate(done.effectiveDate, locale) })
              : t('pricing.changed', { plan: planName })}
          </p>
          <div className={styles.actions}>
            <button ref={doneButton} type="button" className={styles.primary} onClick={() => dispatch({ type: 'dismiss' })}>
              {t('modal.close')}
            </button>
          </div>
        </div>
      </Dialog>
    );
  }

  const processing = choice.isPending;
  // A member is offered only the plans above theirs (a move down waits for the end of the period,
  // on pricing) and credit packs; Max, the top plan, is offered packs alone.
  const rank = (key: string | null) => PLAN_KEYS.findIndex((known) => known === key);
  const paidMember = currentPlan !== null && currentPlan !== 'free';
  // A lock offers only the plans that unlock its option (PLAN_FEATURES, through plansWith): Pro is never sold for 1080p.
  const unlocking = needsPlan ? plansWith(needsPlan.feature) : null;
  const offered =
    plans.kind === 'ready'
      ? plans.value.data.filter(
          (plan) => PAID_PLAN_KEYS.includes(plan.key) && (!paidMember || rank(plan.key) > rank(currentPlan)) && (!unlocking || unlocking.includes(plan.key)),
        )
      : [];
  const choosable = (key: string | null) => key !== currentPlan && offered.some((plan) => plan.key === key);
  // Max is the default, unless the person already has it: then the first plan they can buy.
  const selected = choosable(state.plan)
    ? state.plan
    : initialPlan(
        offered.map((plan) => plan.key),
        currentPlan,
      );
  // Sample plans (server unreachable) show what the site offers, but their prices are not the ones a checkout would charge.
  const samplePlans = plans.kind === 'ready' && plans.value.fallback;
  const plansOffered = !(plans.kind === 'ready' && offered.length === 0);
  const canContinue = selected !== null && !samplePlans;
  const seeAllQuery = new URLSearchParams({ highlight: selected ?? state.plan, cycle: state.cycle });
  if (state.request.source) seeAllQuery.set('source', state.request.source);

  return (
    <Dialog
      labelledBy={ids.title}
      describedBy={ids.lead}
      onDismiss={() => dispatch({ type: 'dismiss' })}
      testId="subscription-modal"
      initialFocus="input[type=radio]:checked"
    >
      <div className={styles.body}>
        <CloseButton label={t('modal.close')} disabled={processing} onClick={() => dispatch({ type: 'dismiss' })} />
        <div className={styles.handle} aria-hidden="true" />
        <h2 id={ids.title} className={styles.title}>
          {title}
        </h2>
        {state.request.needsCredits ? (
          <p id={ids.lead} className={styles.shortfall} data-testid="credit-shortfall">
            <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="currentColor">
              <path d="M12 2l2.6 7.4L22 12l-7.4 2.6L12 22l-2.6-7.4L2 12l7.4-2.6z" />
            </svg>
            <span>
              {t('modal.shortfall', {
                count: state.request.needsCredits.required,
                required: formatNumber(state.request.needsCredits.required, locale),
                available: formatNumber(state.request.needsCredits.available, locale),
              })}
            </span>
          </p>
        ) : (
          <p id={ids.lead} className={styles.lead}>
            {needsPlan ? t('modal.planLead', { plan: neededPlanName }) : t('modal.lead')}
          </p>
        )}

        {plansOffered && (
          <div className={styles.cycle}>
            <CycleToggle
              cycle={state.cycle}
              onChange={(cycle) => dispatch({ type: 'choose-cycle', cycle })}
              saving={plans.kind === 'ready' && !plans.value.fallback ? yearlySaving(plans.value.data) : null}
              disabled={processing}
            />
          </div>
        )}

        {plans.kind === 'loading' && (
          <div className={styles.plans} role="status" aria-busy="true">
            <span className="rm-visually-hidden">{t('pricing.loading')}</span>
            <div className={styles.skeleton} />
            <div className={styles.skeleton} />
          </div>
        )}
        {plans.kind === 'error' && (
          <div role="alert" className={styles.problem}>
            <p>{t('pricing.error')}</p>
            <button type="button" className={styles.secondary} onClick={retry}>
              {t('pricing.retry')}
            </button>
          </div>
        )}
        {plans.kind === 'ready' && (
          <>
            {plans.value.fallback && (
              <div role="status" className={styles.notice} data-testid="plans-offline">
                <p>{t('pricing.offline')}</p>
                <button type="button" className={styles.secondary} onClick={retry}>
                  {t('pricing.retry')}
                </button>
              </div>
            )}
            {plansOffered && (
              <fieldset className={styles.plans} disabled={processing}>
                <legend className="rm-visually-hidden">{t('modal.choosePlan')}</legend>
                {offered.map((plan) => (
                  <PlanOption
                    key={plan.key}
                    plan={plan}
                    cycle={state.cycle}
                    checked={selected === plan.key}
                    current={plan.key === currentPlan}
                    onChoose={() => dispatch({ type: 'choose-plan', plan: plan.key })}
                  />
                ))}
              </fieldset>
            )}
          </>
        )}
        {failedChange && (
          <div ref={changeError} role="alert" className={styles.problem} data-testid="change-error" data-code={failedChange.code}>
            <p>{t(failedChange.key, failedChange.values)}</p>
          </div>
        )}
        {/* Credits unlock no option: a lock's modal sells plans only. A pack paid in its window ends the modal as a
            plan's checkout does, rather than leaving the old shortfall on screen. */}
        {paidMember && !needsPlan && (
          <PackOffer
            source={state.request.source ?? 'subscription-modal'}
            returnPath={here}
            headingLevel={3}
            compact
            onPaid={() => currentPlan && dispatch({ type: 'pack-paid', plan: currentPlan })}
          />
        )}

        <div className={styles.actions}>
          <button type="button" className={styles.secondary} onClick={() => openDetached(localize(`/pricing?${seeAllQuery.toString()}`))}>
            {t('modal.seeAll')}
            <span className="rm-visually-hidden"> {t('modal.newTab')}</span>
          </button>
          {plansOffered && (
            <button
              type="button"
              className={styles.primary}
              disabled={processing || !canContinue}
              aria-busy={processing}
              onClick={() => selected && dispatch({ type: 'continue', signedIn: hasSession(), plan: selected })}
            >
              {processing && <span className={styles.spinner} aria-hidden="true" />}
              {processing ? t('modal.processing') : t('modal.continue')}
            </button>
          )}
        </div>
        <p className={styles.fineprint}>{t('modal.fineprint')}</p>
        <EngineNote compact />
        <TestCheckoutNote className={styles.fineprint} />
      </div>
    </Dialog>
  );
}

function CloseButton({ label, disabled = false, onClick }: { label: string; disabled?: boolean; onClick: () => void }) {
  return (
    <button type="button" className={styles.close} aria-label={label} disabled={disabled} onClick={onClick}>
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
        <path d="M6 6l12 12M18 6L6 18" />
      </svg>
    </button>
  );
}

export default withBillingQueries(SubscriptionModal);
