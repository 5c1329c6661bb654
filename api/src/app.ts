import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import Fastify from 'fastify';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { createAuthenticator } from './accounts/authenticator.ts';
import type { GoogleVerifier } from './accounts/google.ts';
import { DEFAULT_LOCKOUT, LoginLockout } from './accounts/lockout.ts';
import type { LockoutRules } from './accounts/lockout.ts';
import { registerAccountRoutes } from './accounts/routes.ts';
import { registerSettingsRoutes } from './accounts/settings-routes.ts';
import { connectRedis, memoryCounter, redisCounter } from './http/counters.ts';
import { createTokenSigner } from './accounts/tokens.ts';
import { registerCreditRoutes } from './credits/routes.ts';
import type { Database } from './db/database.ts';
import { envelopeSchema, errorReplies, ok, refusal } from './http/envelope.ts';
import { AppError } from './http/errors.ts';
import { clientErrorHandler, frameworkErrors, installInputGuard } from './http/input-guard.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { DEFAULT_RATE_LIMITS, accountAllowance } from './http/rate-limits.ts';
import type { RateLimits } from './http/rate-limits.ts';
import { DEFAULT_OUTBOX_OPTIONS, Mailer } from './mail/outbox.ts';
import type { OutboxOptions } from './mail/outbox.ts';
import type { MailTransport } from './mail/transport.ts';
import { DEFAULT_DEFERRED_EVENT_RULES, startDeferredEventSweeper } from './payments/checkout.ts';
import type { DeferredEventRules } from './payments/checkout.ts';
import { registerPackAndReceiptRoutes } from './payments/pack-routes.ts';
import { registerPaymentRoutes } from './payments/routes.ts';
import { localProvider } from './payments/provider.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { registerPlanRoutes } from './plans/routes.ts';
import type { Services } from './services.ts';
import { LocalStorage } from './storage/local-storage.ts';
import type { MediaStorage } from './storage/storage.ts';
import { TemplateMedia } from './templates/media.ts';
import { registerTemplateRoutes } from './templates/routes.ts';
import { DEFAULT_UPLOAD_LIMITS, startUploadSweeper } from './uploads/quota.ts';
import type { UploadLimits } from './uploads/quota.ts';
import { registerUploadRoutes, removeUploadFile } from './uploads/routes.ts';
import { siteConfig } from '@reelmint/shared/site-api';
import type { VideoEngine } from './videos/engine.ts';
import { LocalEngine } from './videos/local-engine.ts';
import { CanaryGuard, DEFAULT_GUARD_OPTIONS, stopWithReleaseCli, widenWithReleaseCli } from './release/canary-guard.ts';
import type { GuardOptions, StopCanary, WidenCanary } from './release/canary-guard.ts';
import { registerDashboardRoutes } from './release/dashboard-routes.ts';
import { releaseCli } from './release/release-cli.ts';
import type { ReleaseCli } from './release/release-cli.ts';
import { PublishedVersions } from './release/published.ts';
import type { ReleaseStoreConfig } from './release/release-files.ts';
import { openReleaseSource } from './release/source.ts';
import { SQLITE_FILE, releaseConfig } from '../../scripts/release/config.mjs';
import { DEFAULT_TELEMETRY_OPTIONS, registerTelemetryRoutes, startTelemetrySweeper } from './release/telemetry.ts';
import type { TelemetryOptions } from './release/telemetry.ts';
import { registerProviderWebhooks } from './videos/providers/webhooks.ts';
import { registerEditRoutes } from './videos/edits.ts';
import { registerVideoRoutes } from './videos/routes.ts';
import { DEFAULT_SHARE_LIMITS, registerSharingRoutes } from './videos/sharing.ts';
import type { ShareLimits } from './videos/sharing.ts';
import { DEFAULT_WORKER_OPTIONS, JobWorker } from './videos/worker.ts';
import type { WorkerOptions } from './videos/worker.ts';
import { PORTS, REMOTE_NAMES } from '@reelmint/shared/remotes';

/** The shell's origin on a local run, where checkout sends people back unless SITE_ORIGIN says otherwise. */
export const LOCAL_SITE_ORIGIN = `http://localhost:${PORTS.shell}`;

/** The shell and every remote on a local run, by either local host name: the default CORS allow list. */
export const LOCAL_SITE_ORIGINS = [PORTS.shell, ...REMOTE_NAMES.map((name) => PORTS[name])].flatMap((port) => [
  `http://localhost:${port}`,
  `http://127.0.0.1:${port}`,
]);

export interface BuildOptions {
  database: Database;
  /** Holds uploads, videos and template media; never served as a folder. */
  dataDir: string;
  jwtSecret: string | Uint8Array;
  accessTokenTtlSeconds?: number;
  mediaTokenTtlSeconds?: number;
  now?: () => Date;
  engine?: VideoEngine;
  /** Where media lives; local disk under dataDir by default. */
  storage?: MediaStorage;
  payments?: PaymentProvider;
  /** Null (the default) answers Google sign-in with GOOGLE_NOT_CONFIGURED. */
  google?: GoogleVerifier | null;
  /** Where the site's /payment/success and /payment/cancel pages live. */
  siteOrigin?: string;
  /** Origins allowed by CORS. */
  siteOrigins?: string[];
  /** Fixed public origin of this API for the URLs it returns; by default taken from the request's Host. */
  publicUrl?: string;
  rateLimits?: Partial<RateLimits>;
  /** Storage quota, upload rate and the age at which unused uploads go. */
  uploadLimits?: Partial<UploadLimits>;
  /** Publishing per account and view counts per address (RATE_LIMIT_SHARE, RATE_LIMIT_SHARE_VIEWS). */
  shareLimits?: Partial<ShareLimits>;
  /** false: run no worker in this process (a separate `tsx src/worker.ts` does). */
  worker?: Partial<WorkerOptions> | false;
  maxActiveJobsPerUser?: number;
  /** Render template preview clips in the background at start. */
  renderTemplatePreviews?: boolean;
  logger?: FastifyServerOptions['logger'];
  trustProxy?: boolean;
  timeouts?: Partial<Timeouts>;
  /** How mail leaves; null or absent keeps every mail in the outbox table. */
  mailTransport?: MailTransport | null;
  outbox?: Partial<OutboxOptions>;
  /** Rate-limit counters and the login lockout live here when set (shared by every process); in memory otherwise. */
  redisUrl?: string;
  loginLockout?: Partial<LockoutRules>;
  /**
   * Where the release tooling keeps releases, the pointer and its history (RELEASES_DIR, REMOTES_POINTER,
   * REMOTES_HISTORY, REMOTES_POINTER_STORE): visitors' reports must name a published version, and the release
   * dashboard, the guard and the CLI they run read and change that pointer. Defaults: the repository's .run
   * folder and the files; with `pointerStore: 'database'` the pointer lives in this API's database
   * (`databaseUrl` for PostgreSQL, else the SQLite file in dataDir).
   */
  releaseFiles?: Partial<ReleaseStoreConfig>;
  telemetry?: Partial<TelemetryOptions>;
  /** When events about a subscription no checkout linked are given up (see api/README "Webhooks delivered late"). */
  deferredPaymentEvents?: Partial<DeferredEventRules>;
  /**
   * Stops guarded canaries that do worse than stable and widens healthy ones that have steps (false: not in this
   * process). `stop` and `widen` default to the release CLI.
   */
  canaryGuard?: (Partial<GuardOptions> & { stop?: StopCanary; widen?: WidenCanary }) | false;
  /** Runs the release CLI for the dashboard's actions and the guard; by default `scripts/release/cli.mjs` on releaseFiles. */
  releaseCli?: ReleaseCli;
}

/** Where the release tooling keeps its documents when the environment does not say (the repository's .run folder, the files). */
const { releasesDir, pointerFile, historyFile } = releaseConfig({});
export const DEFAULT_RELEASE_FILES: Omit<ReleaseStoreConfig, 'sqlitePath'> = { releasesDir, pointerFile, historyFile, pointerStore: 'file' };

/** How long a client may take; a slow or stalled one is cut instead of holding a connection. */
export interface Timeouts {
  /** The request line and headers. */
  headersMs: number;
  /** The whole request, body included (a trickled upload ends here). */
  requestMs: number;
  /** An idle connection between requests. */
  keepAliveMs: number;
  /** A connection on which nothing moves at all. */
  idleMs: number;
  /** A handler that has not answered (its reply is a 503 TIMEOUT). */
  handlerMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000, idleMs: 15_000, handlerMs: 30_000 };

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** Null when this process runs no canary guard. */
    canaryGuard: CanaryGuard | null;
  }
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { database } = options;
  const now = options.now ?? (() => new Date());
  const paths = {
    root: options.dataDir,
    uploads: join(options.dataDir, 'uploads'),
    videos: join(options.dataDir, 'videos'),
    templates: join(options.dataDir, 'templates'),
  };
  // The data folder and what it holds are the owner's alone (uploads, renders, the database, the secret).
  await Promise.all([paths.uploads, paths.videos, paths.templates].map((dir) => mkdir(dir, { recursive: true, mode: 0o700 })));

  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const redis = options.redisUrl ? connectRedis(options.redisUrl) : null;
  const app = Fastify({
    logger: options.logger ?? false,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    requestTimeout: timeouts.requestMs,
    handlerTimeout: timeouts.handlerMs,
    http: {
      headersTimeout: Math.min(timeouts.headersMs, timeouts.requestMs),
      // Node looks for requests past their time at this interval (30 s by default, longer than the limits): a quarter
      // of a second at most, so a slow client is cut within that of its limit.
      connectionsCheckingInterval: Math.max(50, Math.min(250, Math.floor(timeouts.headersMs / 4))),
    },
    trustProxy: options.trustProxy ?? false,
    // Bodies are validated strictly: no silent removal of unknown fields, no "5" -> 5 coercion.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: true, allErrors: false } },
    bodyLimit: 256 * 1024,
    frameworkErrors,
    clientErrorHandler,
  });

  const core = { db: database.db, dialect: database.dialect, now };
  const secret = typeof options.jwtSecret === 'string' ? new TextEncoder().encode(options.jwtSecret) : options.jwtSecret;
  const tokens = createTokenSigner({
    secret,
    accessTtlSeconds: options.accessTokenTtlSeconds ?? 24 * 60 * 60,
    mediaTtlSeconds: options.mediaTokenTtlSeconds ?? 60 * 60,
    now,
  });
  const engine = options.engine ?? new LocalEngine();
  const storage = options.storage ?? new LocalStorage(paths.root);
  const workerOptions = options.worker === false ? null : { ...DEFAULT_WORKER_OPTIONS, ...options.worker };
  const worker = workerOptions ? new JobWorker({ ...core, engine, storage, paths, log: app.log }, workerOptions) : null;
  const services: Services = {
    ...core,
    auth: createAuthenticator(core, tokens),
    tokens,
    google: options.google ?? null,
    payments: options.payments ?? localProvider(),
    engine,
    storage,
    paths,
    siteOrigin: (options.siteOrigin ?? LOCAL_SITE_ORIGIN).replace(/\/$/, ''),
    mailer: new Mailer(core, options.mailTransport ?? null, app.log, { ...DEFAULT_OUTBOX_OPTIONS, ...options.outbox }),
    maxActiveJobsPerUser: options.maxActiveJobsPerUser ?? 3,
    templateMedia: new TemplateMedia(storage, paths.templates),
    worker,
    publicBase: (request) => options.publicUrl?.replace(/\/$/, '') ?? loopbackBase(request),
  };
  app.decorate('services', services);

  app.setErrorHandler(errorHandler(app));
  app.setNotFoundHandler((request, reply) => {
    void reply.code(404).send(refusal('NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`));
  });
  installInputGuard(app);
  // The local checkout's HTML forms post url-encoded (their one field is the owner's checkout token).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  await app.register(swagger, {
    openapi: {
      info: { title: 'Reelmint API', version: '1.0.0', description: 'Accounts, credits, plans, payments, uploads, video jobs and templates.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
  });
  await app.register(cors, {
    origin: options.siteOrigins ?? LOCAL_SITE_ORIGINS,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'Accept'],
    maxAge: 600,
  });
  // Cross-origin resource policy is relaxed because the site (other origins) embeds our media.
  registerSecurityHeaders(app, { crossOriginResourcePolicy: { policy: 'cross-origin' } });
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'reelmint-rl:' } : {}),
    // Redis away: let requests through (and log) rather than fail every limited route.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => new AppError(429, 'RATE_LIMITED', `Too many requests. Try again in ${context.after}.`),
  });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 5, parts: 6 } });
  // cacheControl off: each media route sets its own (private for videos, a day for template media).
  await app.register(fastifyStatic, { root: paths.root, serve: false, cacheControl: false });

  const limits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  const lockout = new LoginLockout(redis ? redisCounter(redis, 'reelmint-lock:') : memoryCounter(), { ...DEFAULT_LOCKOUT, ...options.loginLockout });
  const checkouts = accountAllowance(redis ? redisCounter(redis, 'reelmint-count:') : memoryCounter(), 'checkout', limits.checkout, 'checkouts opened');
  registerAccountRoutes(app, services, limits.auth, limits.passwordReset, lockout);
  registerSettingsRoutes(app, services, limits.passwordReset);
  registerCreditRoutes(app, services);
  registerPlanRoutes(app, services, checkouts);
  registerPaymentRoutes(app, services);
  registerPackAndReceiptRoutes(app, services, checkouts);
  const uploadLimits = { ...DEFAULT_UPLOAD_LIMITS, ...options.uploadLimits };
  registerUploadRoutes(app, services, uploadLimits);
  registerVideoRoutes(app, services, limits.generate);
  // Edits are queued like generations and share their limit.
  registerEditRoutes(app, services, limits.generate);
  registerSharingRoutes(app, services, { ...DEFAULT_SHARE_LIMITS, ...options.shareLimits });
  registerTemplateRoutes(app, services);
  registerProviderWebhooks(app, services);
  const telemetry = { ...DEFAULT_TELEMETRY_OPTIONS, ...options.telemetry };
  const releaseFiles: ReleaseStoreConfig = { ...DEFAULT_RELEASE_FILES, sqlitePath: join(options.dataDir, SQLITE_FILE), ...options.releaseFiles };
  if (releaseFiles.pointerStore === 'database' && database.dialect === 'postgres' && !releaseFiles.databaseUrl) {
    throw new Error('The pointer lives in the database (REMOTES_POINTER_STORE=database), but no PostgreSQL URL was given for it');
  }
  registerTelemetryRoutes(app, services, new PublishedVersions(releaseFiles.releasesDir, () => now().getTime()), telemetry);
  const releaseSource = await openReleaseSource(releaseFiles);
  const cli = options.releaseCli ?? releaseCli(releaseFiles);
  registerDashboardRoutes(app, services, releaseSource, cli);
  const guard =
    options.canaryGuard === false
      ? null
      : new CanaryGuard(
          database.db,
          releaseSource,
          options.canaryGuard?.stop ?? stopWithReleaseCli(cli),
          options.canaryGuard?.widen ?? widenWithReleaseCli(cli),
          app.log,
          now,
          {
            ...DEFAULT_GUARD_OPTIONS,
            ...options.canaryGuard,
          },
        );

  app.get(
    '/api/config',
    {
      schema: {
        tags: ['meta'],
        summary: 'What the front end may offer',
        response: {
          200: envelopeSchema(siteConfig),
          ...errorReplies,
        },
      },
    },
    async () => ok({ googleClientId: services.google?.clientId ?? null, paymentProvider: services.payments.name, videoEngine: services.engine.name }),
  );

  // The document is fixed once the routes are registered: built and serialised on first use, not per request
  // (a few hundred kilobytes each time made the route the slowest one the fuzz suite calls).
  let openapi: string | null = null;
  app.get('/api/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
    openapi ??= JSON.stringify(app.swagger());
    return reply.type('application/json; charset=utf-8').send(openapi);
  });

  app.decorate('canaryGuard', guard);
  let stopSweeper: (() => void) | null = null;
  let stopTelemetrySweeper: (() => void) | null = null;
  let stopDeferredSweeper: (() => void) | null = null;
  app.addHook('onReady', async () => {
    worker?.start();
    stopSweeper = startUploadSweeper(services, removeUploadFile(services), uploadLimits, (error) =>
      app.log.warn({ err: error }, 'sweeping unused uploads failed'),
    );
    services.mailer.start();
    guard?.start();
    stopDeferredSweeper = startDeferredEventSweeper(services, { ...DEFAULT_DEFERRED_EVENT_RULES, ...options.deferredPaymentEvents }, app.log);
    stopTelemetrySweeper = startTelemetrySweeper(services, telemetry, (error) => app.log.warn({ err: error }, 'sweeping old release telemetry failed'));
    if (options.renderTemplatePreviews) services.templateMedia.renderInBackground((error) => app.log.warn({ err: error }, 'template preview failed'));
  });
  app.addHook('onClose', async () => {
    redis?.disconnect();
    stopSweeper?.();
    stopTelemetrySweeper?.();
    stopDeferredSweeper?.();
    await guard?.close();
    await releaseSource.close();
    await worker?.stop();
    await services.mailer.stop();
    await services.templateMedia.stop();
    await database.close();
  });
  return app;
}

const STATUS_CODES: Record<number, string> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  408: 'REQUEST_TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  414: 'URI_TOO_LONG',
  416: 'RANGE_NOT_SATISFIABLE',
  431: 'HEADERS_TOO_LARGE',
  429: 'RATE_LIMITED',
};

/** One shape for every failure, and no stack trace or internal detail ever leaves the server. */
function errorHandler(app: FastifyInstance) {
  return (error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) => {
    const send = (status: number, code: string, message: string, details: Record<string, unknown> = {}) =>
      reply.code(status).send(refusal(code, message, details));

    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return send(error.statusCode, error.code, error.message, error.details);
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) return send(400, 'VALIDATION_ERROR', fastifyError.message);
    if (fastifyError.code === 'FST_ERR_HANDLER_TIMEOUT') {
      // Fastify's clock starts before the body arrives: a body still on its way is the client's slowness, met by
      // the request limit at the same moment. It gets that one answer, and the connection is closed, so Node's own
      // 408 cannot follow it on the same connection.
      if (!request.raw.complete) {
        reply.header('connection', 'close');
        return send(408, 'REQUEST_TIMEOUT', 'The request took too long to arrive');
      }
      request.log.warn({ url: request.url }, 'handler timed out');
      return send(503, 'TIMEOUT', 'The server took too long to answer. Please try again.');
    }
    const status = fastifyError.statusCode;
    if (status && status >= 400 && status < 500) {
      if (fastifyError.code === 'FST_REQ_FILE_TOO_LARGE' || fastifyError.code === 'FST_FILES_LIMIT') {
        return send(413, 'FILE_TOO_LARGE', 'The file is larger than 10 MB');
      }
      if (fastifyError.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return send(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data');
      return send(status, STATUS_CODES[status] ?? 'BAD_REQUEST', fastifyError.message || 'Bad request');
    }
    app.log.error({ err: error, url: request.url }, 'unhandled error');
    return send(500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again.');
  };
}

/**
 * Without PUBLIC_URL the API can only trust a Host header that names this machine: any other
 * Host could be forged to make the checkout and media URLs it returns point elsewhere.
 */
function loopbackBase(request: FastifyRequest): string {
  if (!/^(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/i.test(request.host)) {
    throw new AppError(421, 'UNKNOWN_HOST', 'This server answers under its configured address only (set PUBLIC_URL for other hosts)');
  }
  return `${request.protocol}://${request.host.toLowerCase()}`;
}
