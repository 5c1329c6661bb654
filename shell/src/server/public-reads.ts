/**
 * Public API reads while the shell's server draws a page: a screen that asks for one (usePublicRead) suspends the
 * drawing until the API answers, so the first HTML carries the data itself (a gallery's posters, the plan cards)
 * instead of a loading outline, and the answers go into the boot data for the browser to start from.
 */
import { PUBLIC_READ_PATHS } from '@reelmint/shared';
import type { PublicReadData, PublicReadName, PublicReads } from '@reelmint/shared';

export interface ServerReads extends PublicReads {
  /** The answers that came in, to be written into the boot data. */
  answered(): Partial<PublicReadData>;
  /** How many reads the drawing asked for, answered or not: a page that asked any follows the API's data. */
  asked(): number;
}

export interface ServerReadsOptions {
  /** The API's absolute base URL (the runtime config's apiBase); without one nothing is read. */
  apiBase: string | undefined;
  /** How long one read may take; past it the screen is drawn without the data and the browser loads it. */
  timeoutMs: number;
  /** The page's language: the catalogue's titles and prompts are read in it. */
  lng: string;
  /** The page request's id (X-Request-Id), sent on with each read so the API's log lines carry it too. */
  requestId?: string | undefined;
  fetch?: typeof fetch;
}

async function readData(url: string, timeoutMs: number, fetchImpl: typeof fetch, requestId: string | undefined): Promise<unknown> {
  try {
    const headers: Record<string, string> = { Accept: 'application/json', ...(requestId ? { 'X-Request-Id': requestId } : {}) };
    const response = await fetchImpl(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { success?: unknown; data?: unknown } | null;
    return body?.success === true && typeof body.data === 'object' && body.data !== null ? body.data : undefined;
  } catch {
    // Down, slow or garbled: the screen is drawn as it is while loading, and the browser asks again.
    return undefined;
  }
}

export function createServerReads({ apiBase, timeoutMs, lng, requestId, fetch: fetchImpl = fetch }: ServerReadsOptions): ServerReads {
  const base = apiBase && /^https?:\/\//.test(apiBase) ? apiBase.replace(/\/$/, '') : null;
  const pending = new Map<PublicReadName, Promise<unknown>>();
  const answers: Partial<Record<PublicReadName, unknown>> = {};
  return {
    read(name) {
      if (!base) return undefined;
      if (name in answers) return answers[name];
      let promise = pending.get(name);
      if (!promise) {
        promise = readData(`${base}${PUBLIC_READ_PATHS[name](lng)}`, timeoutMs, fetchImpl, requestId).then((data) => {
          answers[name] = data;
          return data;
        });
        pending.set(name, promise);
      }
      return promise;
    },
    asked: () => pending.size,
    answered() {
      const known: Partial<Record<PublicReadName, unknown>> = {};
      for (const [name, data] of Object.entries(answers)) if (data !== undefined) known[name as PublicReadName] = data;
      return known as Partial<PublicReadData>;
    },
  };
}
