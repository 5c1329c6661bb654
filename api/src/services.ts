import type { FastifyRequest } from 'fastify';
import type { Authenticator } from './accounts/authenticator.ts';
import type { GoogleVerifier } from './accounts/google.ts';
import type { TokenSigner } from './accounts/tokens.ts';
import type { CoreContext } from './context.ts';
import type { Mailer } from './mail/outbox.ts';
import type { PaymentProvider } from './payments/provider.ts';
import type { MediaStorage } from './storage/storage.ts';
import type { TemplateMedia } from './templates/media.ts';
import type { VideoEngine } from './videos/engine.ts';
import type { JobWorker } from './videos/worker.ts';

export interface DataPaths {
  root: string;
  uploads: string;
  videos: string;
  templates: string;
}

/** Everything the route modules share, built once by buildApp. */
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
  templateMedia: TemplateMedia;
  /** Null when jobs are run by a separate worker process. */
  worker: JobWorker | null;
  /** Absolute origin for URLs the API hands out (media, checkout), since the site lives elsewhere. */
  publicBase(request: FastifyRequest): string;
}
