import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_UPLOAD_LIMITS, startUploadSweeper } from './quota.ts';
import type { UploadLimits } from './quota.ts';
import { removeUploadFile } from './pictures.ts';
import { registerUploadRoutes } from './routes.ts';

export interface UploadsOptions {
  /** Storage quota, upload rate and the age at which unused uploads go. */
  limits?: Partial<UploadLimits>;
}

/** Pictures people upload to make videos from (`/api/upload`), and the sweep of those never used. */
async function uploads(app: FastifyInstance, options: UploadsOptions): Promise<void> {
  const limits = { ...DEFAULT_UPLOAD_LIMITS, ...options.limits };
  const { services } = app;
  registerUploadRoutes(app, services, limits);
  let stopSweeper: (() => void) | null = null;
  app.addHook('onReady', async () => {
    stopSweeper = startUploadSweeper(services, removeUploadFile(services), limits, (error) => app.log.warn({ err: error }, 'sweeping unused uploads failed'));
  });
  app.addHook('onClose', async () => stopSweeper?.());
}

// Multipart bodies are parsed by the http plugin's @fastify/multipart.
export default fp(uploads, { name: 'uploads', fastify: '5.x', dependencies: ['http', 'services', 'rate-limit'] });
