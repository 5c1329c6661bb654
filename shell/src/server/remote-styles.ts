/**
 * The stylesheets of the remote screens the shell's server draws, read by the server so the first HTML carries them
 * (first-html.ts writes each one into the page as a <style> element under the response's nonce). A drawn page is then
 * painted from its own HTML and the shell's stylesheet alone: a remote origin that is slow, refuses, answers errors
 * or accepts the connection and never answers cannot hold the first paint (README, "The first visit").
 *
 * A stylesheet's address names its content (a build's hashed `assets/<name>-<hash>.css`, or a published version's
 * folder), so one read serves every later page of that build; a sheet that failed is not asked for again at once.
 */

export interface StyleSheet {
  /** The stylesheet's address on the remote's origin, as the remote's own code would add it. */
  href: string;
  /** Its rules, with relative addresses made absolute and nothing that could end the <style> element early. */
  css: string;
}

export interface StyleCacheOptions {
  /** How long one read of a stylesheet may take before it is abandoned. */
  fetchTimeoutMs?: number;
  /** After a read failed, pages go without that stylesheet (and so without the screen) for this long before it is read again. */
  retryAfterMs?: number;
  /** How many characters of stylesheets are kept; the least recently used go past this. */
  maxChars?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

interface Entry {
  css?: string;
  pending?: Promise<string | undefined>;
  failedAt?: number;
}

/** A scheme (`https:`, `data:`), a fragment or a protocol-relative address: already absolute. */
const ABSOLUTE = /^(?:[a-z][a-z\d+.-]*:|#|\/\/)/i;

/**
 * The rules of a stylesheet read from `href`, fit to sit inside the shell's page: a relative `url()` or `@import`
 * resolves against the stylesheet's own address, as it would in the remote's file, rather than the page's; and no
 * `</style` ends the element early (in CSS `\/` is the same character as `/`).
 */
export function inlineCss(css: string, href: string): string {
  const absolute = (target: string) => (ABSOLUTE.test(target) ? target : new URL(target, href).toString());
  return css
    .replace(/url\(\s*(['"]?)([^'")\s]+)\1\s*\)/g, (_, quote: string, target: string) => `url(${quote}${absolute(target)}${quote})`)
    .replace(/@import\s+(['"])([^'"]+)\1/g, (_, quote: string, target: string) => `@import ${quote}${absolute(target)}${quote}`)
    .replace(/<\/(style)/gi, '<\\/$1');
}

export function createStyleCache({
  // Long: no page waits for it (a page waits for what is not in yet for its own short while), and a read that gives up
  // early on a busy origin is not tried again for a while.
  fetchTimeoutMs = 10_000,
  retryAfterMs = 5000,
  maxChars = 4_000_000,
  fetch: fetcher = globalThis.fetch,
  now = Date.now,
}: StyleCacheOptions = {}) {
  const sheets = new Map<string, Entry>();
  let kept = 0;

  function keep(href: string, entry: Entry, css: string): void {
    entry.css = css;
    kept += css.length;
    for (const [oldest, candidate] of sheets) {
      if (kept <= maxChars) break;
      if (oldest === href || candidate.css === undefined) continue;
      kept -= candidate.css.length;
      sheets.delete(oldest);
    }
  }

  function read(href: string): Promise<string | undefined> {
    let entry = sheets.get(href);
    if (!entry) {
      entry = {};
      sheets.set(href, entry);
    }
    if (entry.css !== undefined) {
      // Most recently used last, so the first entries are the ones to drop.
      sheets.delete(href);
      sheets.set(href, entry);
      return Promise.resolve(entry.css);
    }
    if (entry.pending) return entry.pending;
    if (entry.failedAt !== undefined && now() - entry.failedAt < retryAfterMs) return Promise.resolve(undefined);
    const current = entry;
    current.pending = fetcher(href, { signal: AbortSignal.timeout(fetchTimeoutMs) })
      .then(async (response) => {
        if (!response.ok) throw new Error(`answered ${response.status}`);
        const css = inlineCss(await response.text(), href);
        keep(href, current, css);
        current.failedAt = undefined;
        return css;
      })
      .catch((error: unknown) => {
        current.failedAt = now();
        console.warn(`stylesheet ${href} unavailable: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
      })
      .finally(() => {
        current.pending = undefined;
      });
    return current.pending;
  }

  /**
   * Every stylesheet of `hrefs`, waiting at most `waitMs` for the ones not read yet; undefined when any is missing by
   * then. The reads go on in the background, so a later page finds them.
   */
  async function get(hrefs: readonly string[], waitMs: number): Promise<StyleSheet[] | undefined> {
    const all = Promise.all(hrefs.map(read)).then((texts) =>
      texts.every((css) => css !== undefined) ? texts.map((css, index) => ({ href: hrefs[index]!, css })) : undefined,
    );
    let timer: ReturnType<typeof setTimeout> | undefined;
    const budget = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), Math.max(0, waitMs));
    });
    try {
      return await Promise.race([all, budget]);
    } finally {
      clearTimeout(timer);
    }
  }

  return { get };
}

export type StyleCache = ReturnType<typeof createStyleCache>;
