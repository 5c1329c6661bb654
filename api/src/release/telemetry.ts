import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { telemetryReply, telemetryReport } from '@reelmint/contract/release-api';
import type { TelemetryReply, TelemetryReport } from '@reelmint/contract/release-api';
import { jsonSchemaOf } from '@reelmint/contract/schema';
import { TELEMETRY_PATH } from '@reelmint/contract/telemetry';
import { errorReplies, envelopeSchema, ok } from '../http/envelope.ts';
import { AppError } from '../http/errors.ts';
import type { RateLimitRule } from '../http/rate-limits.ts';
import type { Services } from '../services.ts';
import type { RemoteName } from '@reelmint/contract/remotes';
import type { PublishedVersions } from '@reelmint/release';

/** A report larger than this is not from the shell: its most events fit well within. */
const MAX_REPORT_BYTES = 16 * 1024;

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

/**
 * POST /api/telemetry/remotes: what visitors' browsers saw of each remote version. The shell sends it
 * with navigator.sendBeacon, which posts text/plain (a type a browser may send across origins without
 * asking first), so this route reads JSON from text/plain as well.
 */
export function registerTelemetryRoutes(app: FastifyInstance, services: Services, published: PublishedVersions, options: TelemetryOptions): void {
  void app.register(async (scope) => {
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: MAX_REPORT_BYTES }, scope.getDefaultJsonParser('error', 'error'));
    scope.post<{ Body: TelemetryReport }>(
      TELEMETRY_PATH,
      {
        bodyLimit: MAX_REPORT_BYTES,
        config: { rateLimit: options.rateLimit },
        schema: {
          tags: ['release'],
          summary: 'Load times and errors of remote versions, as visitors saw them (no personal data)',
          security: [],
          body: jsonSchemaOf(telemetryReport, 'input'),
          response: { 202: envelopeSchema(telemetryReply), ...errorReplies },
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
        app.ops.metrics.remoteEvents(events);
        return reply.code(202).send(ok<TelemetryReply>({ stored: events.length }));
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
