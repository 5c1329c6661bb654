import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import accounts from './accounts/plugin.ts';
import type { AccountsOptions } from './accounts/plugin.ts';
import sessions from './accounts/sessions-plugin.ts';
import type { SessionOptions } from './accounts/sessions-plugin.ts';
import { LOCAL_SITE_ORIGINS } from './config/local-site.ts';
import credits from './credits/plugin.ts';
import database from './db/plugin.ts';
import type { CoreOptions } from './db/plugin.ts';
import http from './http/plugin.ts';
import rateLimit from './http/rate-limit-plugin.ts';
import type { RateLimitOptions } from './http/rate-limit-plugin.ts';
import { DEFAULT_RATE_LIMITS } from './http/rate-limits.ts';
import type { RateLimits } from './http/rate-limits.ts';
import { serverOptions } from './http/server-options.ts';
import type { ServerSettings } from './http/server-options.ts';
import mail from './mail/plugin.ts';
import ops, { operationsRoutes } from './ops/plugin.ts';
import type { OpsOptions } from './ops/plugin.ts';
import notifications from './notifications/plugin.ts';
import type { NotificationsOptions } from './notifications/plugin.ts';
import type { OutboxOptions } from './mail/outbox.ts';
import type { MailTransport } from './mail/transport.ts';
import payments from './payments/plugin.ts';
import type { PaymentsOptions } from './payments/plugin.ts';
import plans from './plans/plugin.ts';
import release from './release/plugin.ts';
import type { ReleaseOptions } from './release/plugin.ts';
import services from './services.ts';
import type { ServicesOptions } from './services.ts';
import site from './site.ts';
import storage from './storage/plugin.ts';
import type { StorageOptions } from './storage/plugin.ts';
import templates from './templates/plugin.ts';
import uploads from './uploads/plugin.ts';
import type { UploadsOptions } from './uploads/plugin.ts';
import videoEngine from './videos/engine-plugin.ts';
import type { VideoEngineOptions } from './videos/engine-plugin.ts';
import videos from './videos/plugin.ts';
import type { VideosOptions } from './videos/plugin.ts';

/**
 * Everything the API is made of, with what may be injected (the tests inject database, clock, engine, storage,
 * payment provider, Google verifier, mail transport and the release CLI). Each part is documented by the plugin that
 * takes it; `src/config/options.ts` makes these from the environment.
 */
export interface BuildOptions
  extends
    ServerSettings,
    CoreOptions,
    StorageOptions,
    SessionOptions,
    VideoEngineOptions,
    ServicesOptions,
    RateLimitOptions,
    NotificationsOptions,
    Omit<ReleaseOptions, 'dataDir'> {
  /** Origins allowed by CORS (the shell and the remotes of a local run by default). */
  siteOrigins?: string[];
  rateLimits?: Partial<RateLimits>;
  loginLockout?: AccountsOptions['loginLockout'];
  uploadLimits?: UploadsOptions['limits'];
  shareLimits?: VideosOptions['shareLimits'];
  promptEnhancer?: VideosOptions['promptEnhancer'];
  /** Render template preview clips in the background at start. */
  renderTemplatePreviews?: boolean;
  /** How mail leaves; null or absent keeps every mail in the outbox table. */
  mailTransport?: MailTransport | null;
  outbox?: Partial<OutboxOptions>;
  deferredPaymentEvents?: PaymentsOptions['deferredEvents'];
  /** Who may read /metrics (loopback by default). */
  metricsAccess?: OpsOptions['metricsAccess'];
}

/**
 * The API: the server with its clocks for slow clients, then its plugins in the order their declared dependencies
 * require. Infrastructure first (HTTP conventions, rate limits, database, storage, mail, sessions, the video engine
 * and its worker, and `services`, the one value the domains' service functions take), then one plugin per domain.
 * Plugins start their work when the app is ready and stop it when it closes, the database last.
 */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify(serverOptions(options));
  const limits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };

  await app.register(database, { database: options.database, ...(options.now ? { now: options.now } : {}) });
  await app.register(ops);
  await app.register(http, { siteOrigins: options.siteOrigins ?? LOCAL_SITE_ORIGINS });
  await app.register(rateLimit, { ...(options.redisUrl ? { redisUrl: options.redisUrl } : {}) });
  await app.register(storage, { dataDir: options.dataDir, ...(options.storage ? { storage: options.storage } : {}) });
  await app.register(mail, { transport: options.mailTransport ?? null, ...(options.outbox ? { outbox: options.outbox } : {}) });
  await app.register(sessions, options);
  await app.register(videoEngine, options);
  await app.register(services, options);
  await app.register(operationsRoutes, { ...(options.metricsAccess ? { metricsAccess: options.metricsAccess } : {}) });

  await app.register(accounts, {
    authLimit: limits.auth,
    sensitiveLimit: limits.passwordReset,
    ...(options.loginLockout ? { loginLockout: options.loginLockout } : {}),
  });
  await app.register(credits);
  await app.register(payments, { checkoutLimit: limits.checkout, ...(options.deferredPaymentEvents ? { deferredEvents: options.deferredPaymentEvents } : {}) });
  await app.register(plans);
  await app.register(uploads, { ...(options.uploadLimits ? { limits: options.uploadLimits } : {}) });
  await app.register(videos, {
    generateLimit: limits.generate,
    ...(options.shareLimits ? { shareLimits: options.shareLimits } : {}),
    ...(options.promptEnhancer ? { promptEnhancer: options.promptEnhancer } : {}),
  });
  await app.register(notifications, { allowLoopbackPushEndpoints: options.allowLoopbackPushEndpoints ?? false });
  await app.register(templates, { renderPreviews: options.renderTemplatePreviews ?? false });
  await app.register(release, { ...options, dataDir: options.dataDir });
  await app.register(site);
  return app;
}
