import type { SubscriptionModalRequest, SubscriptionModalResult } from '@reelmint/shared';
import type { BillingCycle } from '../checkout/checkout.ts';

/** Spec §2: the modal opens on yearly billing with Max (the catalogue's premium) chosen. */
export const DEFAULT_CYCLE: BillingCycle = 'yearly';
export const DEFAULT_PLAN = 'premium';

export type ModalState =
  | { phase: 'closed' }
  | { phase: 'choosing' | 'processing'; request: SubscriptionModalRequest; cycle: BillingCycle; plan: string };

export type ModalEvent =
  | { type: 'open'; request: SubscriptionModalRequest }
  | { type: 'choose-cycle'; cycle: BillingCycle }
  | { type: 'choose-plan'; plan: string }
  | { type: 'dismiss' }
  | { type: 'continue'; signedIn: boolean }
  | { type: 'checkout-finished' };

/** What the component must do after a transition; the machine itself touches nothing. */
export type ModalEffect =
  | { type: 'resolve'; result: SubscriptionModalResult }
  | { type: 'sign-in' }
  | { type: 'checkout'; plan: string; cycle: BillingCycle; source: string | undefined };

export interface Transition {
  state: ModalState;
  effects: ModalEffect[];
}

export const CLOSED: ModalState = { phase: 'closed' };

const closed = (requestId: string): ModalEffect => ({ type: 'resolve', result: { requestId, action: 'closed' } });

/**
 * The subscription modal (spec §4): closed -> open on a request; open -> closed on dismissal
 * (backdrop, close button, Escape) or after Continue. Continue needs a session (otherwise the
 * person is sent to sign in) and, while its checkout request runs, nothing else is accepted.
 */
export function transition(state: ModalState, event: ModalEvent): Transition {
  switch (event.type) {
    case 'open': {
      if (state.phase === 'processing') return { state, effects: [closed(event.request.requestId)] };
      const next: ModalState = { phase: 'choosing', request: event.request, cycle: DEFAULT_CYCLE, plan: DEFAULT_PLAN };
      // A second request replaces the first, which is answered rather than left waiting forever.
      return { state: next, effects: state.phase === 'choosing' ? [closed(state.request.requestId)] : [] };
    }
    case 'choose-cycle':
      return state.phase === 'choosing' ? { state: { ...state, cycle: event.cycle }, effects: [] } : { state, effects: [] };
    case 'choose-plan':
      return state.phase === 'choosing' ? { state: { ...state, plan: event.plan }, effects: [] } : { state, effects: [] };
    case 'dismiss':
      return state.phase === 'choosing' ? { state: CLOSED, effects: [closed(state.request.requestId)] } : { state, effects: [] };
    case 'continue': {
      if (state.phase !== 'choosing') return { state, effects: [] };
      if (!event.signedIn) return { state: CLOSED, effects: [closed(state.request.requestId), { type: 'sign-in' }] };
      return {
        state: { ...state, phase: 'processing' },
        effects: [{ type: 'checkout', plan: state.plan, cycle: state.cycle, source: state.request.source }],
      };
    }
    case 'checkout-finished':
      if (state.phase !== 'processing') return { state, effects: [] };
      return { state: CLOSED, effects: [{ type: 'resolve', result: { requestId: state.request.requestId, action: 'continue', plan: state.plan } }] };
  }
}

/** The plan to start on: Max when the catalogue has it and the person is not already on it. */
export function initialPlan(available: readonly string[], current: string | null | undefined): string | null {
  const choosable = available.filter((key) => key !== current);
  if (choosable.includes(DEFAULT_PLAN)) return DEFAULT_PLAN;
  return choosable[0] ?? null;
}
