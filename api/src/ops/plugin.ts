import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { z } from 'zod';
import { jsonSchemaOf } from '@reelmint/contract/schema';
import { envelopeSchema, errorReplies, ok, refusal } from '../http/envelope.ts';
import { S3Storage } from '../storage/s3-storage.ts';
import { DEFAULT_METRICS_ALLOW, metricsAccess } from './access.ts';
import type { MetricsAccess } from './access.ts';
import { ApiMetrics } from './metrics.ts';
import { REQUEST_ID_HEADER } from './request-id.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What operators see of this process: its readiness, its shutdown and its metrics. */
    ops: Operations;
  }
}

export interface Operations {
  readonly metrics: ApiMetrics;
  /** True from the moment the process is told to stop: /readyz answers 503 from then on. */
  readonly shuttingDown: boolean;
  beginShutdown(): void;
}

export interface OpsOptions {
  /** Who may read /metrics; loopback only by default. */
  metricsAccess?: Partial<MetricsAccess>;
  /** How long one readiness check may take before it counts as failed. */
  readinessTimeoutMs?: number;
}

/** What /readyz reports of each dependency: `ok`, or why it is not. Absent: not configured for this process. */
const checksReply = z.object({ database: z.string(), redis: z.string().optional(), bucket: z.string().optional() });
const readyReply = z.object({ status: z.literal('ready'), checks: checksReply });
const aliveReply = z.object({ status: z.literal('alive') });

/**
 * What operators see of a process. This part comes first, so every route is counted (by its template) and every reply
 * carries the request's id (X-Request-Id); `opsRoutes` adds the operators' addresses, outside /api: GET /healthz (the
 * process answers), GET /readyz (it can serve: its database, and its Redis and bucket when configured, answer; not while
 * it shuts down) and GET /metrics (Prometheus text, only for the allowed addresses or the bearer of METRICS_TOKEN).
 */
async function ops(app: FastifyInstance): Promise<void> {
  const metrics = new ApiMetrics(app.core);
  let shuttingDown = false;
  app.decorate('ops', {
    metrics,
    get shuttingDown() {
      return shuttingDown;
    },
    beginShutdown() {
      shuttingDown = true;
    },
  } satisfies Operations);
  // However the app is closed, it is unready first.
  app.addHook('preClose', async () => {
    shuttingDown = true;
  });

  // Synchronous hooks: they run on every request, and an async hook costs a promise and a turn of the microtask queue each.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  // While shutting down, a kept-alive connection ends with its reply: the client opens its next one to a server that stays.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (shuttingDown) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    metrics.request(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

/**
 * The three addresses, registered after the HTTP conventions (input guard, OpenAPI document), which apply to routes
 * registered after them; the hooks above come first so that every route is counted and tagged.
 */
async function opsRoutes(app: FastifyInstance, options: OpsOptions): Promise<void> {
  const { metrics } = app.ops;
  const decide = metricsAccess({
    allow: options.metricsAccess?.allow ?? DEFAULT_METRICS_ALLOW,
    ...(options.metricsAccess?.token ? { token: options.metricsAccess.token } : {}),
  });
  const timeoutMs = options.readinessTimeoutMs ?? 2_000;
  const within = async (check: () => Promise<unknown>): Promise<string> => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        check(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      return 'ok';
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    } finally {
      clearTimeout(timer);
    }
  };

  app.get(
    '/healthz',
    { schema: { tags: ['operations'], summary: 'The process is alive', security: [], response: { 200: envelopeSchema(aliveReply), ...errorReplies } } },
    async () => ok({ status: 'alive' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['operations'],
        summary: 'The process can serve: its database, Redis and bucket answer, and it is not shutting down (503 otherwise)',
        security: [],
        response: { 200: envelopeSchema(readyReply), ...errorReplies },
      },
    },
    async (_request, reply) => {
      if (app.ops.shuttingDown) return reply.code(503).send(refusal('NOT_READY', 'This server is shutting down'));
      const redis = app.hasDecorator('redis') ? app.redis : null;
      const storage = app.hasDecorator('storage') ? app.storage : null;
      // Asked at once: a probe waits for the slowest answer, not for their sum.
      const [database, redisState, bucket] = await Promise.all([
        within(() => sql`select 1`.execute(app.core.db)),
        redis ? within(() => redis.ping()) : undefined,
        storage instanceof S3Storage ? within(() => storage.ping()) : undefined,
      ]);
      const checks: z.infer<typeof checksReply> = {
        database,
        ...(redisState !== undefined ? { redis: redisState } : {}),
        ...(bucket !== undefined ? { bucket } : {}),
      };
      const failed = Object.entries(checks).filter(([, state]) => state !== 'ok');
      if (failed.length > 0) {
        // The reasons go to the log; the answer, which a proxy may pass to anyone, says what failed, never how (an
        // error's text can name internal hosts).
        app.log.warn({ checks }, 'not ready');
        const named = Object.fromEntries(Object.entries(checks).map(([name, state]) => [name, state === 'ok' ? 'ok' : 'unreachable']));
        return reply.code(503).send(refusal('NOT_READY', `Not ready: ${failed.map(([name]) => name).join(', ')} unreachable`, { checks: named }));
      }
      return ok({ status: 'ready' as const, checks });
    },
  );

  app.get(
    '/metrics',
    {
      schema: {
        tags: ['operations'],
        summary: 'Prometheus metrics (only from the allowed addresses, or with the metrics token)',
        security: [{ bearer: [] }],
        produces: ['text/plain'],
        response: { 200: jsonSchemaOf(z.string().meta({ description: 'Prometheus text exposition format' })), ...errorReplies },
      },
    },
    async (request, reply) => {
      const verdict = decide(request.socket.remoteAddress, request.headers);
      if (verdict === 'hide') return reply.code(404).send(refusal('NOT_FOUND', `No route ${request.method} /metrics`));
      if (verdict === 'refuse') return reply.code(403).send(refusal('FORBIDDEN', 'This token does not open the metrics'));
      const { contentType, body } = await metrics.text();
      return reply.type(contentType).header('cache-control', 'no-store').send(body);
    },
  );
}

export default fp(ops, { name: 'ops', fastify: '5.x', dependencies: ['database'] });
export const operationsRoutes = fp(opsRoutes, { name: 'ops-routes', fastify: '5.x', dependencies: ['ops', 'http'] });
