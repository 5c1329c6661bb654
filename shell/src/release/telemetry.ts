import { runtimeConfig, stripLanguage } from '@reelmint/shared';
import type { TelemetryEvent, TelemetryReport } from '@reelmint/contract/release-api';
import { TELEMETRY_DETAIL, TELEMETRY_MAX_EVENTS, TELEMETRY_MAX_MS, TELEMETRY_PATH, TELEMETRY_ROUTE } from '@reelmint/contract/telemetry';
import type { TelemetryKind } from '@reelmint/contract/telemetry';
import type { RemoteName } from '../remotes/pointer.ts';

/**
 * What the shell tells the API about each remote version, as this visitor saw it: how long a region
 * took to load, loads that failed, fallbacks shown, render errors its boundaries caught, and uncaught
 * errors whose stack leads into a remote's files. Nothing about the person: no id, no address, no
 * error text (only a reason code or the error's class name), and the page's path without its query.
 * The report is declared once, as shared release-api's `telemetryReport`.
 */

interface Target {
  version: string;
  canary: boolean;
  /** Where this version's files are served from, to tie a stack trace to it. */
  base: string;
}

/** Enough for any page; beyond it (a page left open against a dead endpoint) the oldest go. */
const MAX_QUEUED = 200;
/** Events wait this long for company before they are sent, so a page sends a few reports, not one per event. */
const BATCH_DELAY_MS = 5000;

export interface TelemetryEnvironment {
  /** The report's URL; null sends nothing. */
  endpoint: () => string | null;
  /** navigator.sendBeacon: queued by the browser, survives the page, never holds it up. */
  beacon: ((url: string, body: string) => boolean) | undefined;
  fetch: typeof fetch | undefined;
  /** Runs the batch later, when the page has nothing better to do. */
  later: (run: () => void, ms: number) => void;
  path: () => string;
}

/** The part of a path that names the screen: language and query stripped, or nothing when it is unusual. */
function screenRoute(pathname: string): string | undefined {
  const route = stripLanguage(pathname);
  return TELEMETRY_ROUTE.test(route) ? route : undefined;
}

function browserEnvironment(): TelemetryEnvironment {
  const nav = globalThis.navigator as Navigator | undefined;
  return {
    endpoint: () => `${runtimeConfig().apiBase}${TELEMETRY_PATH}`,
    beacon: typeof nav?.sendBeacon === 'function' ? (url, body) => nav.sendBeacon(url, body) : undefined,
    fetch: typeof globalThis.fetch === 'function' ? globalThis.fetch.bind(globalThis) : undefined,
    later: (run, ms) => {
      setTimeout(() => {
        if (typeof globalThis.requestIdleCallback === 'function') globalThis.requestIdleCallback(run, { timeout: ms });
        else run();
      }, ms);
    },
    path: () => globalThis.location?.pathname ?? '/',
  };
}

export class TelemetryReporter {
  private readonly targets = new Map<RemoteName, Target>();
  private queue: TelemetryEvent[] = [];
  private scheduled = false;

  constructor(private readonly env: TelemetryEnvironment = browserEnvironment()) {}

  /**
   * The version of a remote this page runs. Only live and canary versions are reported: an override is one
   * person trying a build, not what visitors see.
   */
  setTarget(remote: RemoteName, target: { version: string; entry: string; source: 'live' | 'canary' | 'override' }): void {
    if (target.source === 'override') {
      this.targets.delete(remote);
      return;
    }
    let base = '';
    try {
      const url = new URL(target.entry);
      base = `${url.origin}${url.pathname.slice(0, url.pathname.lastIndexOf('/') + 1)}`;
    } catch {
      // Not a URL: errors cannot be traced to this remote's files, its regions still report.
    }
    this.targets.set(remote, { version: target.version, canary: target.source === 'canary', base });
  }

  record(remote: RemoteName, kind: TelemetryKind, extra: { ms?: number; detail?: string } = {}): void {
    const target = this.targets.get(remote);
    if (!target) return;
    const event: TelemetryEvent = { remote, version: target.version, canary: target.canary, kind };
    if (extra.ms !== undefined && Number.isFinite(extra.ms)) event.ms = Math.min(TELEMETRY_MAX_MS, Math.max(0, Math.round(extra.ms)));
    if (extra.detail && TELEMETRY_DETAIL.test(extra.detail)) event.detail = extra.detail;
    const route = screenRoute(this.env.path());
    if (route) event.route = route;
    this.queue.push(event);
    if (this.queue.length > MAX_QUEUED) this.queue.splice(0, this.queue.length - MAX_QUEUED);
    if (this.queue.length >= TELEMETRY_MAX_EVENTS) {
      this.flush();
      return;
    }
    if (!this.scheduled) {
      this.scheduled = true;
      this.env.later(() => {
        this.scheduled = false;
        this.flush();
      }, BATCH_DELAY_MS);
    }
  }

  /** The remote whose files a stack trace (or an error's script URL) passes through; the most specific base wins. */
  remoteOf(trace: string): RemoteName | null {
    let best: { remote: RemoteName; length: number } | null = null;
    for (const [remote, { base }] of this.targets) {
      if (base && trace.includes(base) && (!best || base.length > best.length)) best = { remote, length: base.length };
    }
    return best?.remote ?? null;
  }

  /** Sends what is queued without waiting for an answer. A dead or refusing endpoint costs nothing: the events are dropped. */
  flush(): void {
    if (this.queue.length === 0) return;
    const url = this.env.endpoint();
    const events = this.queue;
    this.queue = [];
    if (!url) return;
    for (let start = 0; start < events.length; start += TELEMETRY_MAX_EVENTS) {
      const body = JSON.stringify({ events: events.slice(start, start + TELEMETRY_MAX_EVENTS) } satisfies TelemetryReport);
      let queued = false;
      try {
        queued = this.env.beacon?.(url, body) ?? false;
      } catch {
        queued = false;
      }
      if (queued || !this.env.fetch) continue;
      // text/plain, like a beacon: a simple request, so no preflight is needed across origins.
      this.env
        .fetch(url, { method: 'POST', body, keepalive: true, credentials: 'omit', headers: { 'content-type': 'text/plain;charset=UTF-8' } })
        .catch(() => undefined);
    }
  }
}

export const telemetry = new TelemetryReporter();

function errorName(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}

/**
 * Sends what is queued when the page is left or hidden (the last moment a report can go), and reports
 * uncaught errors and unhandled rejections whose stack leads into a remote's files.
 */
export function installTelemetry(target: Window = window, reporter: TelemetryReporter = telemetry): void {
  target.addEventListener('pagehide', () => reporter.flush());
  target.document.addEventListener('visibilitychange', () => {
    if (target.document.visibilityState === 'hidden') reporter.flush();
  });
  target.addEventListener('error', (event: ErrorEvent) => {
    const error: unknown = event.error;
    const trace = `${error instanceof Error ? (error.stack ?? '') : ''}\n${event.filename ?? ''}`;
    const remote = reporter.remoteOf(trace);
    if (remote) reporter.record(remote, 'uncaught-error', { detail: errorName(error) ?? 'Error' });
  });
  target.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    const reason: unknown = event.reason;
    const remote = reason instanceof Error ? reporter.remoteOf(reason.stack ?? '') : null;
    if (remote) reporter.record(remote, 'uncaught-error', { detail: errorName(reason) ?? 'Error' });
  });
}
