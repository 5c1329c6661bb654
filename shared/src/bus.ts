import mitt from 'mitt';
import type { Emitter } from 'mitt';
import type { FeatureFlag, PlanKey } from './plans.ts';
import type { SessionUser } from './account-api.ts';

export type ToastKind = 'info' | 'success' | 'warning' | 'error';

export interface SubscriptionModalRequest {
  /** Correlates the request with its result. */
  requestId: string;
  /** Where the upsell came from, carried to checkout (e.g. 'generator', 'header'). */
  source?: string;
  /** Set when the modal was opened because a generation needs more credits. */
  needsCredits?: { required: number; available: number };
  /** Set when the modal was opened because an option needs a plan: the feature and the cheapest plan with it. */
  needsPlan?: { feature: FeatureFlag; plan: PlanKey };
}

export type SubscriptionModalResult = { requestId: string; action: 'closed' } | { requestId: string; action: 'continue'; plan: string };

/** Every event that crosses an app boundary. Remotes and the shell talk only through these. */
export type AppEvents = {
  'auth:changed': { token: string | null; user: SessionUser | null };
  'credits:changed': { balance: number };
  'language:changed': { lng: string };
  'subscription:open': SubscriptionModalRequest;
  'subscription:result': SubscriptionModalResult;
  /** `key`, when set, names one of the shell's own translations, shown instead of `message` in the page's language. */
  toast: { kind: ToastKind; message: string; key?: string };
  /** Ask the shell's router to go somewhere; `to` is language-free, the shell adds the language. */
  navigate: { to: string; replace?: boolean };
};

export type AppBus = Emitter<AppEvents>;

/** The one bus. `@reelmint/shared` is a federation singleton, so every app gets this same object. */
export const bus: AppBus = mitt<AppEvents>();

let requestCounter = 0;

/**
 * Open the subscription modal (mounted once by the shell, owned by billing) and wait for
 * what the person did. Resolves with 'closed' or 'continue' and the chosen plan.
 */
export function openSubscriptionModal(options: Omit<SubscriptionModalRequest, 'requestId'> = {}): Promise<SubscriptionModalResult> {
  requestCounter += 1;
  const requestId = `modal-${Date.now()}-${requestCounter}`;
  return new Promise((resolve) => {
    const onResult = (result: SubscriptionModalResult) => {
      if (result.requestId !== requestId) return;
      bus.off('subscription:result', onResult);
      resolve(result);
    };
    bus.on('subscription:result', onResult);
    bus.emit('subscription:open', { ...options, requestId });
  });
}

/** The needs-credits trigger: opens the modal explaining the shortfall. */
export function requestCredits(required: number, available: number, source = 'needs-credits'): Promise<SubscriptionModalResult> {
  return openSubscriptionModal({ source, needsCredits: { required, available } });
}

export function notify(kind: ToastKind, message: string): void {
  bus.emit('toast', { kind, message });
}
