import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadSubscription, setCreditBalance, setSubscription, subscriptionStore, useAuth } from '@reelmint/shared';
import type { PlanPurchase, SubscriptionStatus } from '@reelmint/shared';
import { decideCheckoutFailure, followCheckoutFailure, openDetached } from '../checkout/checkout.ts';
import type { BillingCycle, CheckoutFallback, CheckoutFollowUp } from '../checkout/checkout.ts';
import { refreshAccount, rememberCheckoutOrigin } from '../checkout/checkout-return.ts';
import { normalizePlanKey } from '../plans/plan-catalogue.ts';
import { billingKeys } from '../server-state/billing-queries.tsx';
import { buyPlan, failureOf, retryMinutesOf } from './buy-plan.ts';
import type { PurchaseFailure } from './buy-plan.ts';
import { keepCurrentPlan, resumePlan } from './plan-change.ts';
import type { SubscriptionStepOutcome } from './plan-change.ts';
import { cancelSubscription } from './subscription-state.ts';

/** Why a plan action changed nothing, held as its mutation's error: the code the screen marks it with, and its words. */
export class PlanActionFailure extends Error {
  readonly code: string;
  /** The key of the message in billing's strings. */
  readonly key: string;
  /** What the message names (e.g. the minutes to wait), passed to the translation with its key. */
  readonly values: Record<string, number> | undefined;

  constructor(code: string, key: string, values?: Record<string, number>) {
    super(code);
    this.name = 'PlanActionFailure';
    this.code = code;
    this.key = key;
    this.values = values;
  }
}

// The API's messages are English, so each reason it gives is said in the page's language by its code; a code not
// listed here keeps the general words ('failed').
const PURCHASE_FAILURE_KEYS: Record<PurchaseFailure, string> = {
  declined: 'errors.paymentDeclined',
  refused: 'errors.changeRefused',
  busy: 'errors.providerBusy',
  subscribed: 'errors.alreadySubscribed',
  limited: 'errors.tooManyCheckouts',
  network: 'errors.upgradeNetwork',
  failed: 'errors.upgradeFailed',
};

/** A refused purchase in the person's words: a rate limit names the minutes to wait when the API says how many. */
function purchaseFailure(error: unknown): PlanActionFailure {
  const failure = failureOf(error);
  const minutes = failure === 'limited' ? retryMinutesOf(error) : null;
  if (minutes !== null) return new PlanActionFailure(failure, 'errors.tooManyCheckoutsFor', { count: minutes });
  return new PlanActionFailure(failure, PURCHASE_FAILURE_KEYS[failure]);
}

/** A plan chosen on pricing or in the subscription modal, with what the screen knew when it was chosen. */
export interface PlanChoiceRequest {
  plan: { key: string; name: string };
  cycle: BillingCycle;
  /** Carried to the checkout or the change. */
  source: string;
  /**
   * A member of a paid plan changes the plan they have; anyone else starts a checkout. Left out (the modal, opened
   * from any page), it is found from the plan in force, read first when this page has not read it yet.
   */
  member?: boolean;
  /** Where a checkout brings the person back to. */
  returnPath: string;
  /**
   * A checkout that cannot start: left out (pricing), it is the mutation's error, shown in place; given (the modal),
   * the person is told why and sent to pricing with the plan highlighted.
   */
  fallback?: CheckoutFollowUp;
}

/**
 * What choosing a plan led to, named after the plan chosen: what buying it did (a checkout opened, the plan changed
 * now, a change waiting for the end of the period), or, with a fallback, a checkout that could not start and sent the
 * person elsewhere.
 */
export type PlanChoice = (PlanPurchase | { kind: 'sent-away'; fallback: CheckoutFallback }) & { plan: string };

/** Whether the plan in force is a paid one, as fresh as the shared cache keeps it (loaded first when it is not there yet). */
async function payingMember(): Promise<boolean> {
  await loadSubscription();
  const plan = subscriptionStore.getState().subscription?.plan ?? 'free';
  return plan !== 'free';
}

async function choosePlan({ plan, cycle, source, member, fallback }: PlanChoiceRequest): Promise<PlanChoice> {
  const wanted = normalizePlanKey(plan.key);
  // A member changes the plan they have: up now, down when the period ends, never a second plan.
  const changing = wanted !== null && (member ?? (await payingMember()));
  try {
    const purchase = await buyPlan({ planName: wanted ?? plan.key, billingCycle: cycle, source }, changing);
    return { ...purchase, plan: plan.name };
  } catch (error) {
    if (fallback && !changing) return { kind: 'sent-away', fallback: decideCheckoutFailure(error), plan: plan.name };
    throw purchaseFailure(error);
  }
}

/**
 * Choosing a plan, on pricing or in the subscription modal: the one way either buys one. A checkout opens in a new
 * window (or, when it cannot start and the request has a fallback, the person is told why and sent to pricing); a
 * change the API made shares the subscription and balance it answers with every app, and one paid now (a receipt,
 * the plan's credits) marks this session's receipts and credits history as out of date.
 */
export function usePlanChoice() {
  const queryClient = useQueryClient();
  const session = useAuth((s) => s.token);
  return useMutation<PlanChoice, PlanActionFailure, PlanChoiceRequest>({
    mutationFn: choosePlan,
    onSuccess: (choice, { returnPath, fallback }) => {
      if (choice.kind === 'sent-away') {
        if (fallback) followCheckoutFailure(choice.fallback, fallback);
        return;
      }
      if (choice.kind === 'checkout') {
        rememberCheckoutOrigin(returnPath);
        openDetached(choice.checkoutUrl);
        return;
      }
      setSubscription(choice.subscription);
      setCreditBalance(choice.balance);
      // Not awaited: the outcome is shown at once; a list on screen is read again behind it.
      if (choice.kind === 'changed') {
        void queryClient.invalidateQueries({ queryKey: billingKeys.everyReceipt(session) });
        void queryClient.invalidateQueries({ queryKey: billingKeys.everyCreditHistoryPage(session) });
      }
    },
    onError: (failure) => {
      // The API found a plan this page did not know of (a stale tab, a checkout paid elsewhere): the plan, the header's
      // plan name and the balance are read again, so the cards show what the person really has. Not awaited: the
      // refusal is shown at once.
      if (failure.code === 'subscribed') void refreshAccount();
    },
  });
}

/** Cancelling a paid plan at the end of its period: answers the day it ends, and the subscription is read again. */
export function useCancellation() {
  return useMutation<{ effectiveDate: string }, PlanActionFailure>({
    mutationFn: async () => {
      const outcome = await cancelSubscription();
      if (!outcome.success) throw new PlanActionFailure(outcome.error.code, outcome.error.key);
      return outcome.data;
    },
    // Not awaited: the outcome is shown at once, and the panel follows the subscription once it is read.
    onSuccess: () => {
      void loadSubscription({ force: true });
    },
  });
}

/**
 * A step on the subscription in force, said in its own words when it fails (`keys`: without a connection, and
 * otherwise); the subscription as it now stands is shared with every app.
 */
function useSubscriptionStep(step: () => Promise<SubscriptionStepOutcome>, keys: { network: string; failed: string }) {
  return useMutation<SubscriptionStatus, PlanActionFailure>({
    mutationFn: async () => {
      const outcome = await step();
      if (!outcome.ok) throw new PlanActionFailure(outcome.failure, outcome.failure === 'network' ? keys.network : keys.failed);
      return outcome.subscription;
    },
    onSuccess: (subscription) => setSubscription(subscription),
  });
}

/** Dropping a change that waits for the end of the period. */
export const useKeepCurrentPlan = () => useSubscriptionStep(keepCurrentPlan, { network: 'errors.changeNetwork', failed: 'errors.changeFailed' });

/** Undoing a cancellation: the plan renews again. */
export const useResumePlan = () => useSubscriptionStep(resumePlan, { network: 'errors.resumeNetwork', failed: 'errors.resumeFailed' });
