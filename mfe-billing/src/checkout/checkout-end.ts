import { useEffect, useRef } from 'react';
import { fetchPaymentSession } from '../payment/payment-session.ts';

/**
 * A checkout runs in a window of its own and ends on /payment/success or /payment/cancel, both on this origin: the page
 * it ends on writes this key, and every other window of the site hears it as a storage event. The window that opened
 * the checkout then stops saying that a checkout is open.
 */
export const CHECKOUT_ENDED_KEY = 'reelmint:checkout-ended';

export type CheckoutEnd = 'paid' | 'canceled';

interface Ended {
  /** Null when the page the checkout ended on did not know which session it was. */
  sessionId: string | null;
  outcome: CheckoutEnd;
}

/** Said by the page a checkout ends on. Storage may be unavailable (a locked-down browser): then nothing is said. */
export function announceCheckoutEnded(sessionId: string | null, outcome: CheckoutEnd): void {
  try {
    // `at` makes each announcement a change, so a second checkout that ends the same way is heard too.
    localStorage.setItem(CHECKOUT_ENDED_KEY, JSON.stringify({ sessionId, outcome, at: Date.now() }));
  } catch {
    // Nothing to tell with; the opening window still learns it from the session when it gets the focus back.
  }
}

function endedBy(value: string | null): Ended | null {
  try {
    const parsed = JSON.parse(value ?? 'null') as Partial<Ended> | null;
    if (!parsed || (parsed.outcome !== 'paid' && parsed.outcome !== 'canceled')) return null;
    return { sessionId: typeof parsed.sessionId === 'string' ? parsed.sessionId : null, outcome: parsed.outcome };
  } catch {
    return null;
  }
}

/**
 * Calls `onEnded` once the checkout `sessionId` (or, without one, any checkout) ends in another window: at once when
 * that window reaches the success or cancel page, and otherwise when this window gets the focus back and the API says
 * the session is no longer open (a checkout window closed before it reached either page). Nothing while `watching` is
 * false.
 */
export function useCheckoutEnded(watching: boolean, sessionId: string | null, onEnded: (outcome: CheckoutEnd | 'closed') => void): void {
  const callback = useRef(onEnded);
  useEffect(() => {
    callback.current = onEnded;
  });
  useEffect(() => {
    if (!watching) return;
    let live = true;
    const onStorage = (event: StorageEvent) => {
      if (event.key !== CHECKOUT_ENDED_KEY) return;
      const ended = endedBy(event.newValue);
      if (ended && (!sessionId || !ended.sessionId || ended.sessionId === sessionId)) callback.current(ended.outcome);
    };
    const onFocus = () => {
      if (!sessionId) return;
      fetchPaymentSession(sessionId).then(
        (session) => {
          if (!live || session.status === 'open') return;
          callback.current(session.status === 'paid' ? 'paid' : session.status === 'canceled' ? 'canceled' : 'closed');
        },
        // An unanswered question leaves the note as it is; the next return to the window asks again.
        () => undefined,
      );
    };
    window.addEventListener('storage', onStorage);
    window.addEventListener('focus', onFocus);
    return () => {
      live = false;
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('focus', onFocus);
    };
  }, [watching, sessionId]);
}
