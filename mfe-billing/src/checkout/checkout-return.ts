import { api, authStore, creditsStore, loadCredits, setCreditBalance, setSubscription, updateUser } from '@reelmint/shared';
import type { SubscriptionStatus } from '@reelmint/shared';
import { CHECKOUT_ENDED_KEY } from './checkout-end.ts';

/**
 * The checkout opens in its own window, which ends on /payment/success or /payment/cancel. Both
 * are on this origin, so local storage tells the cancel page where the person was before paying.
 */
export const CHECKOUT_ORIGIN_KEY = 'reelmint:checkout-origin';

/** An origin older than this is from another visit; the cancel page then offers /pricing only. */
export const CHECKOUT_ORIGIN_TTL_MS = 24 * 60 * 60 * 1000;

interface StoredOrigin {
  path: string;
  at: number;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Same-site paths only: the value comes back out of storage that any script on the site can write. */
export function isSafePath(path: unknown): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');
}

export function rememberCheckoutOrigin(path: string, now: number = Date.now()): void {
  if (!isSafePath(path)) return;
  storage()?.setItem(CHECKOUT_ORIGIN_KEY, JSON.stringify({ path, at: now } satisfies StoredOrigin));
  refreshWhenBack();
}

/** Where the person started the checkout, when that was recently. */
export function checkoutOrigin(now: number = Date.now()): string | null {
  try {
    const stored = JSON.parse(storage()?.getItem(CHECKOUT_ORIGIN_KEY) ?? 'null') as Partial<StoredOrigin> | null;
    if (!stored || !isSafePath(stored.path) || typeof stored.at !== 'number' || now - stored.at > CHECKOUT_ORIGIN_TTL_MS) return null;
    return stored.path;
  } catch {
    return null;
  }
}

/**
 * Shares a plan and balance the server just confirmed with every app: the subscription store, the
 * credit store and the header's plan name (the auth store's user). Updating the user keeps the
 * cached plan and balance; only a new token clears them.
 */
export function applyAccountState(subscription: SubscriptionStatus, balance?: number): void {
  if (authStore.getState().user?.plan !== subscription.plan) updateUser({ plan: subscription.plan });
  setSubscription(subscription);
  if (balance !== undefined) setCreditBalance(balance);
}

/**
 * Takes the server's word for plan and balance now, so the header is right without a reload.
 * Never rejects: it answers whether both came from the server, so a screen can offer a retry.
 */
export async function refreshAccount(): Promise<boolean> {
  if (!authStore.getState().token) return true;
  let planRefreshed = false;
  try {
    const { data, fallback } = await api.subscription();
    if (!fallback) applyAccountState(data);
    planRefreshed = !fallback;
  } catch {
    // An error answer leaves the plan as it was; the balance is still worth refreshing.
  }
  await loadCredits({ force: true });
  const credits = creditsStore.getState();
  return planRefreshed && credits.status === 'ready' && !credits.fallback;
}

/** How long after a checkout opened this window goes on refreshing on each return to it, unless the checkout ends first. */
export const REFRESH_WHILE_OPEN_MS = 60 * 60 * 1000;

let stopWatching: (() => void) | null = null;

/**
 * After the checkout window opens, this window's credits and plan are stale until the checkout ends. The person may
 * come back here before paying (to read the plans again) and after: every return to this window refreshes, until the
 * page the checkout ends on says so (then one last refresh, as the payment is in) or an hour has passed, so the header
 * and every lock are right without a reload.
 */
function refreshWhenBack(now: number = Date.now()): void {
  if (typeof window === 'undefined') return;
  stopWatching?.();
  const until = now + REFRESH_WHILE_OPEN_MS;
  // A failed refresh leaves the stores as they were or in their error state, which the header already shows.
  const onFocus = () => {
    if (Date.now() > until) stop();
    else void refreshAccount();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== CHECKOUT_ENDED_KEY) return;
    stop();
    void refreshAccount();
  };
  function stop() {
    window.removeEventListener('focus', onFocus);
    window.removeEventListener('storage', onStorage);
    if (stopWatching === stop) stopWatching = null;
  }
  window.addEventListener('focus', onFocus);
  window.addEventListener('storage', onStorage);
  stopWatching = stop;
}
