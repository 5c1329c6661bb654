import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { VideoEngine } from './engine.ts';
import { LocalEngine } from './local-engine.ts';
import { DEFAULT_WORKER_OPTIONS, JobWorker } from './worker.ts';
import type { WorkerOptions } from './worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What makes videos: ffmpeg previews (local) or a hosted provider. */
    engine: VideoEngine;
    /** The job worker of this process; null when jobs are run by a separate worker process. */
    worker: JobWorker | null;
  }
}

export interface VideoEngineOptions {
  engine?: VideoEngine;
  /** false: run no worker in this process (a separate `tsx src/worker.ts` does). */
  worker?: Partial<WorkerOptions> | false;
}

/** The video engine and, unless another process runs them, the worker that takes queued jobs to it while the app is up. */
async function videoEngine(app: FastifyInstance, options: VideoEngineOptions): Promise<void> {
  const engine = options.engine ?? new LocalEngine();
  const worker =
    options.worker === false
      ? null
      : new JobWorker({ ...app.core, engine, storage: app.storage, paths: app.dataPaths, log: app.log }, { ...DEFAULT_WORKER_OPTIONS, ...options.worker });
  app.decorate('engine', engine);
  app.decorate('worker', worker);
  app.addHook('onReady', async () => worker?.start());
  // Running renders are cancelled and their jobs put back in the queue before the database closes.
  app.addHook('onClose', async () => worker?.stop());
}

export default fp(videoEngine, { name: 'video-engine', fastify: '5.x', dependencies: ['database', 'storage'] });
