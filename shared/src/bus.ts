import mitt from 'mitt';
import type { Emitter } from 'mitt';
import type { AppEvents, SubscriptionModalRequest, SubscriptionModalResult, ToastKind } from '@reelmint/contract/bus-events';

export type { AppEvents, SubscriptionModalRequest, SubscriptionModalResult, ToastKind };

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
