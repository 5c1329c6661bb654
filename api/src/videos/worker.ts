import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { durationSeconds } from '@reelmint/shared/pricing';
import type { AspectRatio, Resolution } from '@reelmint/shared/pricing';
import type { CoreContext } from '../context.ts';
import type { Video } from '../db/schema.ts';
import type { MediaStorage } from '../storage/storage.ts';
import { uploadKey } from '../uploads/routes.ts';
import { findTemplate } from '../templates/catalogue.ts';
import type { RenderRequest, VideoEngine } from './engine.ts';
import { claimNextJob, completeJob, failAndRefund, heartbeat, recoverStaleJobs, reportProgress } from './jobs.ts';

export interface WorkerOptions {
  /** Jobs rendered at once by this worker (ffmpeg uses several threads per job). */
  concurrency: number;
  /** How often an idle worker looks for queued jobs it was not woken for (e.g. from another process). */
  idleIntervalMs: number;
  /** How often a running job is polled and its progress saved (also its heartbeat). */
  progressIntervalMs: number;
  /** A job still running after this long is stopped, failed and refunded. */
  jobTimeoutMs: number;
  /** A processing job without a heartbeat for this long is treated as orphaned by a crash. */
  staleAfterMs: number;
  /** Claims per job before a stale job is failed instead of requeued. */
  maxAttempts: number;
  /**
   * Jobs of this engine processing at once across every worker (a hosted provider's limit on
   * requests in flight); the rest wait in the queue. Unset: only `concurrency` limits.
   */
  maxInFlight?: number;
}

export const DEFAULT_WORKER_OPTIONS: WorkerOptions = {
  concurrency: 2,
  idleIntervalMs: 1000,
  progressIntervalMs: 250,
  jobTimeoutMs: 5 * 60_000,
  // Heartbeats come every progressIntervalMs and the sweep runs every staleAfterMs / 2, so a job
  // whose worker died is noticed within 15 s.
  staleAfterMs: 10_000,
  maxAttempts: 2,
};

export interface WorkerContext extends CoreContext {
  engine: VideoEngine;
  storage: MediaStorage;
  /** Work folders on this machine: renders are written to `videos`, pictures fetched into `uploads`. */
  paths: { uploads: string; videos: string };
  log: { error(details: object, message: string): void };
}

/**
 * Takes jobs from the videos table (the queue) and drives them through the engine. Runs inside
 * the API process by default, or alone through src/worker.ts.
 */
export class JobWorker {
  readonly id = `worker_${randomUUID()}`;
  private running = false;
  private loopDone: Promise<void> = Promise.resolve();
  private readonly active = new Set<Promise<void>>();
  private signal: (() => void) | null = null;
  private lastSweep = 0;

  constructor(
    private readonly ctx: WorkerContext,
    private readonly options: WorkerOptions,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loopDone = this.loop();
  }

  /** Stops taking jobs; running renders are cancelled and their jobs put back in the queue. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.wake();
    await this.loopDone;
    await Promise.all([...this.active]);
  }

  /** Called when a job is queued, so it starts now rather than at the next idle check. */
  wake(): void {
    const signal = this.signal;
    this.signal = null;
    signal?.();
  }

  private async loop(): Promise<void> {
    while (this.running) {
      try {
        await this.sweep();
        while (this.running && this.active.size < this.options.concurrency) {
          const job = await claimNextJob(this.ctx, this.id, this.options.maxInFlight ? { engine: this.ctx.engine.name, max: this.options.maxInFlight } : undefined);
          if (!job) break;
          const run: Promise<void> = this.process(job).finally(() => {
            this.active.delete(run);
            this.wake();
          });
          this.active.add(run);
        }
      } catch (error) {
        this.ctx.log.error({ err: error }, 'job worker loop failed; retrying');
      }
      if (!this.running) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.idleIntervalMs);
        this.signal = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  private async sweep(): Promise<void> {
    const now = Date.now();
    if (now - this.lastSweep < this.options.staleAfterMs / 2) return;
    this.lastSweep = now;
    await recoverStaleJobs(this.ctx, new Date(this.ctx.now().getTime() - this.options.staleAfterMs), this.options.maxAttempts, (jobId) =>
      removeFiles(this.ctx.paths.videos, renderFiles(jobId)),
    );
  }

  private async process(job: Video): Promise<void> {
    const { engine } = this.ctx;
    let ref: string | null = null;
    const scratch: string[] = [];
    try {
      const request = await this.renderRequest(job, scratch);
      // A provider request an earlier attempt submitted (see requeue and crash recovery) is followed, not paid for twice.
      if (engine.name !== 'local' && job.engine === engine.name && job.engine_ref && !job.engine_ref.startsWith('pending:')) request.resumeRef = job.engine_ref;
      ref = await engine.submit(request);
      let storedRef = ref;
      await reportProgress(this.ctx, job.id, 0, { engine: engine.name, ref });
      const deadline = Date.now() + this.options.jobTimeoutMs;
      for (;;) {
        if (!this.running) {
          // A local render dies with this process, so it is stopped and redone. A hosted request
          // keeps running at the provider (and is paid for): its id stays on the job, and the
          // worker that takes the job next follows it instead of submitting it again.
          const hostedRef = engine.name === 'local' ? null : storedRef.startsWith('pending:') ? null : storedRef;
          if (!hostedRef) await engine.cancel(ref);
          await this.requeue(job.id, hostedRef);
          return;
        }
        const status = await engine.poll(ref);
        if (status.state === 'succeeded') {
          await this.deliver(job.id, status.videoFile, status.posterFile, status.costCents ?? null);
          return;
        }
        if (status.state === 'failed') {
          this.ctx.log.error({ jobId: job.id, reason: status.error }, 'render failed');
          await failAndRefund(this.ctx, job.id, status.code ?? 'RENDER_FAILED');
          return;
        }
        if (Date.now() > deadline) {
          await engine.cancel(ref);
          await failAndRefund(this.ctx, job.id, 'TIMEOUT');
          return;
        }
        const newRef = status.ref && status.ref !== storedRef ? status.ref : null;
        if (newRef) storedRef = newRef;
        if (!(await reportProgress(this.ctx, job.id, status.progress, newRef ? { engine: engine.name, ref: newRef } : undefined))) {
          await engine.cancel(ref);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, this.options.progressIntervalMs));
      }
    } catch (error) {
      this.ctx.log.error({ err: error, jobId: job.id }, 'job failed');
      if (ref) await engine.cancel(ref).catch(() => undefined);
      await failAndRefund(this.ctx, job.id, error instanceof MissingSourceError ? 'SOURCE_MISSING' : 'RENDER_FAILED').catch(() => undefined);
      await removeFiles(this.ctx.paths.videos, renderFiles(job.id));
    } finally {
      await Promise.all(scratch.map((file) => rm(file, { force: true })));
    }
  }

  /**
   * Moves the finished files into media storage (an upload when it is a bucket, with heartbeats so
   * a long upload is not taken for a crash), then marks the job done. A job deleted meanwhile
   * loses its files instead.
   */
  private async deliver(jobId: string, videoFile: string, posterFile: string, costCents: number | null): Promise<void> {
    const [videoKey, posterKey] = videoKeys(videoFile, posterFile) as [string, string];
    await heartbeat(this.ctx, jobId, async () => {
      await this.ctx.storage.putFile(posterKey, join(this.ctx.paths.videos, posterFile), 'image/jpeg');
      await this.ctx.storage.putFile(videoKey, join(this.ctx.paths.videos, videoFile), 'video/mp4');
    });
    if (!(await completeJob(this.ctx, jobId, videoFile, posterFile, costCents))) {
      await this.ctx.storage.remove([videoKey, posterKey]);
    }
  }

  private async requeue(id: string, keepRef: string | null): Promise<void> {
    await this.ctx.db
      .updateTable('videos')
      .set({ status: 'queued', progress: 0, worker_id: null, engine_ref: keepRef, heartbeat_at: null })
      .where('id', '=', id)
      .where('status', '=', 'processing')
      .execute();
  }

  /** What the engine needs; a picture kept in a bucket is fetched into `scratch` files first. */
  private async renderRequest(job: Video, scratch: string[]): Promise<RenderRequest> {
    const template = job.template_id ? findTemplate(job.template_id) : undefined;
    const request: RenderRequest = {
      jobId: job.id,
      kind: job.type === 'image-to-video' ? 'image' : 'text',
      mode: job.type === 'image-to-video' ? 'image' : job.type === 'template' ? 'template' : 'text',
      prompt: job.prompt ?? '',
      model: job.model,
      resolution: job.resolution as Resolution,
      aspectRatio: job.aspect_ratio as AspectRatio,
      seconds: durationSeconds(job.duration),
      // Videos queued before seeds were kept render as seed 0.
      seed: job.seed ?? 0,
      ...(job.negative_prompt ? { negativePrompt: job.negative_prompt } : {}),
      outputDir: this.ctx.paths.videos,
      ...(template ? { hue: template.hue } : {}),
    };
    if (request.kind === 'image') {
      const upload = await this.ctx.db.selectFrom('uploads').select('file_name').where('id', '=', job.image_id ?? '').executeTakeFirst();
      if (!upload) throw new MissingSourceError();
      const key = uploadKey(upload.file_name);
      request.imagePath = this.ctx.storage.localPath(key) ?? join(this.ctx.paths.uploads, `${job.id}-${upload.file_name}`);
      if (!this.ctx.storage.localPath(key)) {
        scratch.push(request.imagePath);
        await this.ctx.storage.download(key, request.imagePath);
      }
    }
    return request;
  }
}

class MissingSourceError extends Error {
  constructor() {
    super('The uploaded picture no longer exists');
  }
}

/** Every file a render of this job may leave in the videos folder, finished or not. */
export function renderFiles(jobId: string): string[] {
  return [`${jobId}.part.mp4`, `${jobId}.txt`, `${jobId}.mp4`, `${jobId}.jpg`];
}

/** Storage keys of a video's files (names as stored on the job row). */
export function videoKeys(...files: Array<string | null>): string[] {
  return files.filter((f): f is string => !!f).map((f) => `videos/${f}`);
}

export async function removeFiles(dir: string, files: Array<string | null>): Promise<void> {
  await Promise.all(files.filter((f): f is string => !!f).map((f) => rm(join(dir, f), { force: true })));
}
