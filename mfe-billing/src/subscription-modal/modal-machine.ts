import type { SubscriptionModalRequest, SubscriptionModalResult } from '@reelmint/shared';
import type { BillingCycle } from '../checkout/checkout.ts';

/** The modal opens on yearly billing with Max (the catalogue's premium) chosen. */
export const DEFAULT_CYCLE: BillingCycle = 'yearly';
export const DEFAULT_PLAN = 'premium';

/** A member's plan change done without a checkout: in force now, or waiting for the end of the period (ISO date). */
export type ChangeDone = { kind: 'changed' } | { kind: 'scheduled'; effectiveDate: string };

export type ModalState =
  | { phase: 'closed' }
  /** After a refused plan change (a declined card ...) too: the choice stays so it can be tried again. */
  | { phase: 'choosing'; request: SubscriptionModalRequest; cycle: BillingCycle; plan: string }
  | { phase: 'processing'; request: SubscriptionModalRequest; cycle: BillingCycle; plan: string }
  /** The checkout window was asked for; the modal keeps a link to it in case the browser blocked it. */
  | { phase: 'opened'; request: SubscriptionModalRequest; cycle: BillingCycle; plan: string; checkoutUrl: string }
  /** A member's subscription was changed in place or the change scheduled: the modal says which until dismissed. */
  | { phase: 'changed'; request: SubscriptionModalRequest; cycle: BillingCycle; plan: string; done: ChangeDone };

export type ModalEvent =
  | { type: 'open'; request: SubscriptionModalRequest }
  | { type: 'choose-cycle'; cycle: BillingCycle }
  | { type: 'choose-plan'; plan: string }
  | { type: 'dismiss' }
  /** `plan` is the one on screen: the choice if it can be bought, else the starting plan derived from the catalogue. */
  | { type: 'continue'; signedIn: boolean; plan: string }
  /** `checkoutUrl` when a checkout session was created; without it the person was sent to /pricing. */
  | { type: 'checkout-finished'; checkoutUrl?: string | undefined }
  /** A member's change answered without a checkout: done, or refused with nothing changed (the reason is the change's own). */
  | { type: 'change-finished'; outcome: ChangeDone | { kind: 'failed' } }
  /** A credit pack bought from the modal was paid in its checkout window; `plan` is the member's plan, which stays. */
  | { type: 'pack-paid'; plan: string };

/** What the component must do after a transition; the machine itself touches nothing. */
export type ModalEffect =
  | { type: 'resolve'; result: SubscriptionModalResult }
  | { type: 'sign-in' }
  | { type: 'checkout'; plan: string; cycle: BillingCycle; source: string | undefined }
  /** The choice on screen is a new one: the answer to the last Continue (a refusal) no longer applies to it. */
  | { type: 'forget-answer' };

export interface Transition {
  state: ModalState;
  effects: ModalEffect[];
}

export const CLOSED: ModalState = { phase: 'closed' };

const FORGET: ModalEffect = { type: 'forget-answer' };

const closed = (requestId: string): ModalEffect => ({ type: 'resolve', result: { requestId, action: 'closed' } });

/**
 * The subscription modal: closed -> open on a request; open -> closed on dismissal
 * (backdrop, close button, Escape) or after Continue. Continue needs a session (otherwise the
 * person is sent to sign in) and, while its checkout request runs, nothing else is accepted.
 * A created checkout answers the request at once but leaves the modal open with a link to the
 * checkout until dismissed: a blocked popup must not leave the person with nothing to click.
 * A member's move up may also be done in place (a live Stripe subscription is updated, never a
 * second one bought): the modal then says so until dismissed; a refused change (a declined card)
 * goes back to the choice, answering nothing yet; its reason is shown until the choice changes.
 */
export function transition(state: ModalState, event: ModalEvent): Transition {
  switch (event.type) {
    case 'open': {
      if (state.phase === 'processing') return { state, effects: [closed(event.request.requestId)] };
      // An 'opened' modal has answered its request already; the newcomer simply takes its place.
      // A plan lock starts on the cheapest plan that unlocks the option; anything else on Max.
      const next: ModalState = { phase: 'choosing', request: event.request, cycle: DEFAULT_CYCLE, plan: event.request.needsPlan?.plan ?? DEFAULT_PLAN };
      // A second request replaces the first, which is answered rather than left waiting forever.
      return { state: next, effects: state.phase === 'choosing' ? [closed(state.request.requestId), FORGET] : [FORGET] };
    }
    case 'choose-cycle':
      return state.phase === 'choosing'
        ? { state: { phase: 'choosing', request: state.request, plan: state.plan, cycle: event.cycle }, effects: [FORGET] }
        : { state, effects: [] };
    case 'choose-plan':
      return state.phase === 'choosing'
        ? { state: { phase: 'choosing', request: state.request, cycle: state.cycle, plan: event.plan }, effects: [FORGET] }
        : { state, effects: [] };
    case 'dismiss':
      if (state.phase === 'opened' || state.phase === 'changed') return { state: CLOSED, effects: [] };
      return state.phase === 'choosing' ? { state: CLOSED, effects: [closed(state.request.requestId)] } : { state, effects: [] };
    case 'continue': {
      if (state.phase !== 'choosing') return { state, effects: [] };
      if (!event.signedIn) return { state: CLOSED, effects: [closed(state.request.requestId), { type: 'sign-in' }] };
      return {
        state: { phase: 'processing', request: state.request, cycle: state.cycle, plan: event.plan },
        effects: [{ type: 'checkout', plan: event.plan, cycle: state.cycle, source: state.request.source }],
      };
    }
    case 'checkout-finished': {
      if (state.phase !== 'processing') return { state, effects: [] };
      const resolve: ModalEffect = { type: 'resolve', result: { requestId: state.request.requestId, action: 'continue', plan: state.plan } };
      if (!event.checkoutUrl) return { state: CLOSED, effects: [resolve] };
      return { state: { ...state, phase: 'opened', checkoutUrl: event.checkoutUrl }, effects: [resolve] };
    }
    case 'change-finished': {
      if (state.phase !== 'processing') return { state, effects: [] };
      const { outcome } = event;
      if (outcome.kind === 'failed') return { state: { phase: 'choosing', request: state.request, cycle: state.cycle, plan: state.plan }, effects: [] };
      const resolve: ModalEffect = { type: 'resolve', result: { requestId: state.request.requestId, action: 'continue', plan: state.plan } };
      return { state: { ...state, phase: 'changed', done: outcome }, effects: [resolve] };
    }
    case 'pack-paid': {
      // Paid credits answer the request as a paid plan does: the person goes on (on the plan they have), and the
      // modal closes, since its shortfall ("You have 5") no longer holds. Only while choosing: a plan being bought at
      // that moment answers the request itself, and an answered request has nothing left to report.
      if (state.phase !== 'choosing') return { state, effects: [] };
      return { state: CLOSED, effects: [{ type: 'resolve', result: { requestId: state.request.requestId, action: 'continue', plan: event.plan } }] };
    }
  }
}

/** The plan to start on: Max when the catalogue has it and the person is not already on it. */
export function initialPlan(available: readonly string[], current: string | null | undefined): string | null {
  const choosable = available.filter((key) => key !== current);
  if (choosable.includes(DEFAULT_PLAN)) return DEFAULT_PLAN;
  return choosable[0] ?? null;
}
