import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Authenticator } from './accounts/authenticator.ts';
import type { GoogleVerifier } from './accounts/google.ts';
import type { TokenSigner } from './accounts/tokens.ts';
import { LOCAL_SITE_ORIGIN } from './config/local-site.ts';
import type { CoreContext } from './context.ts';
import { AppError } from './http/errors.ts';
import type { Mailer } from './mail/outbox.ts';
import { localProvider } from './payments/provider.ts';
import type { PaymentProvider } from './payments/provider.ts';
import type { DataPaths } from './storage/plugin.ts';
import type { MediaStorage } from './storage/storage.ts';
import type { VideoEngine } from './videos/engine.ts';
import type { JobWorker } from './videos/worker.ts';
import { DEFAULT_WORKER_OPTIONS } from './videos/worker.ts';

/**
 * What the domains' service functions are handed (their first argument): the pieces the infrastructure plugins
 * provide (database, storage, mail, sessions, video engine) and the settings of the site, in one value.
 */
export interface Services extends CoreContext {
  auth: Authenticator;
  tokens: TokenSigner;
  google: GoogleVerifier | null;
  payments: PaymentProvider;
  engine: VideoEngine;
  /** Uploads, videos, posters and template media: local disk or a bucket. */
  storage: MediaStorage;
  /** Work folders on this machine (renders in progress, pictures fetched for ffmpeg). */
  paths: DataPaths;
  siteOrigin: string;
  /** Sends mail through SMTP, or keeps it in the outbox table when none is configured. */
  mailer: Mailer;
  maxActiveJobsPerUser: number;
  /** Jobs rendered at once across the workers (the queue's estimate of when a queued job starts reads it). */
  renderSlots: number;
  /** Null when jobs are run by a separate worker process. */
  worker: JobWorker | null;
  /** Absolute origin for URLs the API hands out (media, checkout), since the site lives elsewhere. */
  publicBase(request: FastifyRequest): string;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export interface ServicesOptions {
  payments?: PaymentProvider;
  /** Null (the default) answers Google sign-in with GOOGLE_NOT_CONFIGURED. */
  google?: GoogleVerifier | null;
  /** Where the site's /payment/success and /payment/cancel pages live. */
  siteOrigin?: string;
  /** Fixed public origin of this API for the URLs it returns; by default taken from the request's Host. */
  publicUrl?: string;
  maxActiveJobsPerUser?: number;
  renderSlots?: number;
}

async function services(app: FastifyInstance, options: ServicesOptions): Promise<void> {
  const publicUrl = options.publicUrl?.replace(/\/$/, '');
  app.decorate('services', {
    ...app.core,
    auth: app.auth,
    tokens: app.tokens,
    google: options.google ?? null,
    payments: options.payments ?? localProvider(),
    engine: app.engine,
    storage: app.storage,
    paths: app.dataPaths,
    siteOrigin: (options.siteOrigin ?? LOCAL_SITE_ORIGIN).replace(/\/$/, ''),
    mailer: app.mailer,
    maxActiveJobsPerUser: options.maxActiveJobsPerUser ?? 4,
    renderSlots: options.renderSlots ?? DEFAULT_WORKER_OPTIONS.concurrency,
    worker: app.worker,
    publicBase: (request) => publicUrl ?? loopbackBase(request),
  } satisfies Services);
}

export default fp(services, { name: 'services', fastify: '5.x', dependencies: ['database', 'storage', 'mail', 'sessions', 'video-engine'] });

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
