import { sql } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { CoreContext } from '../context.ts';

/** Seconds: from a cached read to a slow render request. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** What visitors' pages report about a remote that did not show (the telemetry's kinds other than `load`). */
const FAILURE_KINDS = new Set(['load-error', 'render-error', 'fallback']);

/**
 * Node's own figures, once per process: every app built in it (the tests build hundreds) shares them, rather than each
 * adding its own event-loop monitor and garbage-collection observer that nothing could remove.
 */
let processRegistry: Registry | null = null;
function processFigures(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * This app's Prometheus registry. Requests are counted by the process that answered them (sum them across
 * instances); the queue and the credit totals are read from the database when scraped, so every instance reports the
 * same site-wide figures (take one, or max(), across instances). Node's own figures (event-loop lag, heap, handles)
 * come from prom-client's defaults.
 */
export class ApiMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly durations: Histogram<'method' | 'route' | 'status'>;
  private readonly remoteFailures: Counter<'remote' | 'version' | 'kind'>;

  constructor(core: CoreContext) {
    const registers = [this.registry];
    const queue = queueReader(core);
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request arriving to its reply being sent, by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.remoteFailures = new Counter({
      name: 'reelmint_remote_load_failures_total',
      help: "Remote regions visitors' pages reported as not shown, by remote, version and kind (load-error, render-error, fallback)",
      labelNames: ['remote', 'version', 'kind'],
      registers,
    });
    new Gauge({
      name: 'reelmint_job_queue_depth',
      help: 'Video jobs waiting in the queue',
      registers,
      async collect() {
        this.set((await queue()).depth);
      },
    });
    new Gauge({
      name: 'reelmint_job_queue_oldest_age_seconds',
      help: 'How long the oldest queued video job has waited (0 when none waits)',
      registers,
      async collect() {
        this.set((await queue()).oldestAgeSeconds);
      },
    });
    new Gauge({
      name: 'reelmint_jobs_processing',
      help: 'Video jobs a worker is rendering now',
      registers,
      async collect() {
        this.set((await queue()).processing);
      },
    });
    for (const [kind, name, help] of [
      ['spend', 'reelmint_credits_spent_total', 'Credits spent, site-wide (from the credit ledger)'],
      ['refund', 'reelmint_credits_refunded_total', 'Credits refunded, site-wide (from the credit ledger)'],
    ] as const) {
      new Counter({
        name,
        help,
        registers,
        async collect() {
          const total = await ledgerTotal(core, kind);
          this.reset();
          this.inc(total);
        },
      });
    }
  }

  /** Counts one answered request; `route` is the route's template (`/api/videos/status/:id`), never the address itself. */
  request(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.requests.inc(labels);
    this.durations.observe(labels, seconds);
  }

  /** Counts the failures among visitors' telemetry events (only published versions reach here). */
  remoteEvents(events: ReadonlyArray<{ remote: string; version: string; kind: string }>): void {
    for (const event of events) {
      if (FAILURE_KINDS.has(event.kind)) this.remoteFailures.inc({ remote: event.remote, version: event.version, kind: event.kind });
    }
  }

  async text(): Promise<{ contentType: string; body: string }> {
    const both = Registry.merge([processFigures(), this.registry]);
    return { contentType: both.contentType, body: await both.metrics() };
  }
}

interface QueueState {
  depth: number;
  oldestAgeSeconds: number;
  processing: number;
}

/** The three queue figures from one query, shared by the gauges of one scrape (each gauge asks for them). */
function queueReader(core: CoreContext): () => Promise<QueueState> {
  let last: { at: number; state: Promise<QueueState> } | null = null;
  return () => {
    if (last && Date.now() - last.at < 1000) return last.state;
    const state = readQueue(core);
    const entry = { at: Date.now(), state };
    last = entry;
    // A failed read is not kept: the next scrape asks again.
    state.catch(() => {
      if (last === entry) last = null;
    });
    return state;
  };
}

async function readQueue(core: CoreContext): Promise<QueueState> {
  const rows = await core.db
    .selectFrom('videos')
    .select((eb) => ['status', eb.fn.countAll<number | string>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('status', 'in', ['queued', 'processing'])
    .groupBy('status')
    .execute();
  const queued = rows.find((row) => row.status === 'queued');
  const oldest = queued?.oldest ? new Date(String(queued.oldest)).getTime() : null;
  return {
    depth: Number(queued?.n ?? 0),
    oldestAgeSeconds: oldest === null ? 0 : Math.max(0, (core.now().getTime() - oldest) / 1000),
    processing: Number(rows.find((row) => row.status === 'processing')?.n ?? 0),
  };
}

/** Credits moved by ledger rows of one kind, as a positive number. */
async function ledgerTotal(core: CoreContext, kind: 'spend' | 'refund'): Promise<number> {
  const row = await core.db
    .selectFrom('credit_ledger')
    .select(sql<number | string | null>`coalesce(sum(abs(amount)), 0)`.as('total'))
    .where('kind', '=', kind)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}
