import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ReleaseEventKind } from '../db/schema.ts';
import { errorReplies, envelopeSchema, ok } from '../http/envelope.ts';
import { AppError } from '../http/errors.ts';
import type { RateLimitRule } from '../http/rate-limits.ts';
import type { Services } from '../services.ts';
import { REMOTE_NAMES } from '@reelmint/shared/remotes';
import type { RemoteName } from '@reelmint/shared/remotes';
import type { PublishedVersions } from './published.ts';

export const TELEMETRY_PATH = '/api/telemetry/remotes';

/** A page sends a few events at a time; a report beyond these is not from the shell. */
export const MAX_EVENTS_PER_REPORT = 50;
export const MAX_REPORT_BYTES = 16 * 1024;

export const EVENT_KINDS: readonly ReleaseEventKind[] = ['load', 'load-error', 'fallback', 'render-error', 'uncaught-error'];

export interface TelemetryOptions {
  /** Reports per minute per client address. */
  rateLimit: RateLimitRule;
  /** Events older than this are deleted. */
  retentionDays: number;
  /** How often the old events are swept. */
  sweepEveryMs: number;
}

export const DEFAULT_TELEMETRY_OPTIONS: TelemetryOptions = {
  rateLimit: { max: 60, timeWindow: 60_000 },
  retentionDays: 14,
  sweepEveryMs: 60 * 60_000,
};

interface ReportedEvent {
  remote: RemoteName;
  version: string;
  canary: boolean;
  kind: ReleaseEventKind;
  ms?: number;
  detail?: string;
  route?: string;
}

const eventSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['remote', 'version', 'canary', 'kind'],
  properties: {
    remote: { type: 'string', enum: [...REMOTE_NAMES] },
    version: { type: 'string', minLength: 1, maxLength: 100 },
    canary: { type: 'boolean' },
    kind: { type: 'string', enum: [...EVENT_KINDS] },
    // A load that took over ten minutes is not a measurement.
    ms: { type: 'integer', minimum: 0, maximum: 600_000 },
    // A reason code or an error class name: letters, digits and a few separators, never free text.
    detail: { type: 'string', pattern: '^[A-Za-z0-9_.:$-]{1,60}$' },
    route: { type: 'string', pattern: '^/[A-Za-z0-9/_-]{0,99}$' },
  },
} as const;

/**
 * POST /api/telemetry/remotes: what visitors' browsers saw of each remote version. The shell sends it
 * with navigator.sendBeacon, which posts text/plain (a type a browser may send across origins without
 * asking first), so this route reads JSON from text/plain as well.
 */
export function registerTelemetryRoutes(app: FastifyInstance, services: Services, published: PublishedVersions, options: TelemetryOptions): void {
  void app.register(async (scope) => {
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: MAX_REPORT_BYTES }, scope.getDefaultJsonParser('error', 'error'));
    scope.post<{ Body: { events: ReportedEvent[] } }>(
      TELEMETRY_PATH,
      {
        bodyLimit: MAX_REPORT_BYTES,
        config: { rateLimit: options.rateLimit },
        schema: {
          tags: ['release'],
          summary: 'Load times and errors of remote versions, as visitors saw them (no personal data)',
          security: [],
          body: {
            type: 'object',
            additionalProperties: false,
            required: ['events'],
            properties: { events: { type: 'array', minItems: 1, maxItems: MAX_EVENTS_PER_REPORT, items: eventSchema } },
          },
          response: { 202: envelopeSchema({ type: 'object', required: ['stored'], properties: { stored: { type: 'integer' } } }), ...errorReplies },
        },
      },
      async (request, reply) => {
        const { events } = request.body;
        // Every version must be one the release tooling published: a report naming any other is refused whole.
        const pairs = [...new Set(events.map((event) => `${event.remote}@${event.version}`))];
        for (const pair of pairs) {
          const at = pair.indexOf('@');
          const remote = pair.slice(0, at) as RemoteName;
          const version = pair.slice(at + 1);
          if (!(await published.isPublished(remote, version))) {
            throw new AppError(422, 'UNKNOWN_VERSION', `${remote} has no published version ${version}`);
          }
        }
        const now = services.now().toISOString();
        await services.db
          .insertInto('release_events')
          .values(
            events.map((event) => ({
              id: randomUUID(),
              remote: event.remote,
              version: event.version,
              canary: event.canary ? 1 : 0,
              kind: event.kind,
              duration_ms: event.kind === 'load' ? (event.ms ?? null) : null,
              detail: event.detail ?? null,
              route: event.route ?? null,
              created_at: now,
            })),
          )
          .execute();
        return reply.code(202).send(ok({ stored: events.length }));
      },
    );
  });
}

/** Deletes the events older than the retention limit; returns how many went. */
export async function sweepOldEvents(services: Pick<Services, 'db' | 'now'>, retentionDays: number): Promise<number> {
  const cutoff = new Date(services.now().getTime() - retentionDays * 24 * 60 * 60_000).toISOString();
  const result = await services.db.deleteFrom('release_events').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes events past the retention limit now and then every `sweepEveryMs`; returns the stop function. */
export function startTelemetrySweeper(services: Services, options: TelemetryOptions, onError: (error: unknown) => void): () => void {
  const run = () => void sweepOldEvents(services, options.retentionDays).catch(onError);
  run();
  const timer = setInterval(run, options.sweepEveryMs);
  timer.unref();
  return () => clearInterval(timer);
}
