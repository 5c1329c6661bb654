/**
 * A random id per browser, so a canary shows the same version on every visit. It is kept in local storage
 * and mirrored in a cookie, so the shell's server makes the same canary choice for the first HTML; on a first
 * visit the server may have assigned the id already (in that cookie), and the browser adopts it.
 */
export const VISITOR_KEY = 'reelmint_visitor';
const ONE_YEAR_S = 60 * 60 * 24 * 365;
const ID = /^[\w-]{1,64}$/;

function randomId(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export interface CookieJar {
  cookie: string;
}

/** The visitor id in a Cookie header (or document.cookie), when it is well formed. */
export function visitorFromCookie(cookie: string | undefined): string | null {
  const match = /(?:^|;\s*)reelmint_visitor=([^;]*)/.exec(cookie ?? '');
  const value = match?.[1] ?? '';
  return ID.test(value) ? value : null;
}

export function visitorCookie(id: string): string {
  return `${VISITOR_KEY}=${id}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax`;
}

export function visitorId(storage: Storage | undefined = globalThis.localStorage, jar: CookieJar | undefined = globalThis.document): string {
  let id: string | null = null;
  try {
    const stored = storage?.getItem(VISITOR_KEY);
    id = stored && ID.test(stored) ? stored : null;
  } catch {
    // Storage is blocked (some private modes): the cookie, if any, still gives a consistent choice.
  }
  id ??= visitorFromCookie(jar?.cookie) ?? randomId();
  try {
    storage?.setItem(VISITOR_KEY, id);
  } catch {
    // As above: this visit still gets a consistent choice.
  }
  if (jar && visitorFromCookie(jar.cookie) !== id) jar.cookie = visitorCookie(id);
  return id;
}
