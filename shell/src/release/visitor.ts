/** A random id per browser, kept in local storage, so a canary shows the same version on every visit. */
export const VISITOR_KEY = 'reelmint_visitor';

function randomId(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export function visitorId(storage: Storage | undefined = globalThis.localStorage): string {
  try {
    const stored = storage?.getItem(VISITOR_KEY);
    if (stored) return stored;
    const id = randomId();
    storage?.setItem(VISITOR_KEY, id);
    return id;
  } catch {
    // Storage is blocked (some private modes): this visit still gets a consistent choice.
    return randomId();
  }
}
