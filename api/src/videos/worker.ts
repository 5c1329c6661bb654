import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { durationSeconds, MERGE_MAX_CLIPS } from '@reelmint/contract/pricing';
import type { AspectRatio, Resolution } from '@reelmint/contract/pricing';
import type { Video } from '../db/schema.ts';
import { uploadKey } from '../storage/keys.ts';
import { findTemplate } from '../templates/catalogue.ts';
import type { RenderRequest } from './engine.ts';
import { processEdit } from './edit-job.ts';
import { claimNextJob, failAndRefund, recoverStaleJobs } from './jobs.ts';
import { MissingSourceError, deliver, generateClip } from './job-run.ts';
import type { JobRun, WorkerContext } from './job-run.ts';

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
  /** What this worker's jobs see of it; `running` turns false when it stops. */
  private readonly jobRun: JobRun;

  constructor(
    private readonly ctx: WorkerContext,
    private readonly options: WorkerOptions,
  ) {
    this.jobRun = { ctx, limits: options, running: () => this.running };
  }

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
          const job = await claimNextJob(
            this.ctx,
            this.id,
            this.options.maxInFlight ? { engine: this.ctx.engine.name, max: this.options.maxInFlight } : undefined,
          );
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
    const scratch: string[] = [];
    try {
      if (job.type === 'edit') {
        await processEdit(this.jobRun, job, scratch);
        return;
      }
      const request = await this.renderRequest(job, scratch);
      const made = await generateClip(this.jobRun, job, request, (progress) => progress);
      if (made) await deliver(this.ctx, job.id, made.videoFile, made.posterFile, made.costCents);
    } catch (error) {
      this.ctx.log.error({ err: error, jobId: job.id }, 'job failed');
      const code = error instanceof MissingSourceError ? error.code : 'RENDER_FAILED';
      await failAndRefund(this.ctx, job.id, code).catch(() => undefined);
      await removeFiles(this.ctx.paths.videos, renderFiles(job.id));
    } finally {
      await Promise.all(scratch.map((file) => rm(file, { force: true })));
    }
  }

  /** What the engine needs; a picture kept in a bucket is fetched into `scratch` files first. */
  private async renderRequest(job: Video, scratch: string[]): Promise<RenderRequest> {
    const template = job.template_id ? findTemplate(job.template_id) : undefined;
    // A text video with a start frame is made from that picture, by the model's image route.
    const fromPicture = job.type === 'image-to-video' || job.start_image_id !== null;
    const request: RenderRequest = {
      jobId: job.id,
      kind: fromPicture ? 'image' : 'text',
      mode: fromPicture ? 'image' : job.type === 'template' ? 'template' : 'text',
      prompt: job.prompt ?? '',
      model: job.model,
      resolution: job.resolution as Resolution,
      aspectRatio: job.aspect_ratio as AspectRatio,
      seconds: durationSeconds(job.duration),
      // Videos queued before seeds were kept render as seed 0.
      seed: job.seed ?? 0,
      ...(job.negative_prompt ? { negativePrompt: job.negative_prompt } : {}),
      ...(job.start_image_id && job.type === 'text-to-video' ? { startFrame: true } : {}),
      ...(job.camera_motion ? { cameraMotion: job.camera_motion } : {}),
      ...(job.audio === 1 ? { audio: true } : {}),
      outputDir: this.ctx.paths.videos,
      ...(template ? { hue: template.hue } : {}),
    };
    if (fromPicture) request.imagePath = await this.picturePath(job, job.type === 'image-to-video' ? job.image_id : job.start_image_id, '', scratch);
    if (job.end_image_id) request.endImagePath = await this.picturePath(job, job.end_image_id, 'end-', scratch);
    return request;
  }

  /** Where the engine reads one of the job's pictures: in place when stored on this disk, else fetched into a scratch file. */
  private async picturePath(job: Video, uploadId: string | null, prefix: string, scratch: string[]): Promise<string> {
    const upload = await this.ctx.db
      .selectFrom('uploads')
      .select('file_name')
      .where('id', '=', uploadId ?? '')
      .executeTakeFirst();
    if (!upload) throw new MissingSourceError();
    const key = uploadKey(upload.file_name);
    const local = this.ctx.storage.localPath(key);
    if (local) return local;
    const path = join(this.ctx.paths.uploads, `${job.id}-${prefix}${upload.file_name}`);
    scratch.push(path);
    await this.ctx.storage.download(key, path);
    return path;
  }
}

/** Every file a render of this job may leave in the videos folder, finished or not. */
export function renderFiles(jobId: string): string[] {
  const own = (id: string) => [`${id}.part.mp4`, `${id}.txt`, `${id}.mp4`, `${id}.jpg`];
  // An edit also leaves its sources fetched from a bucket, an extend's last frame and continuation.
  const sources = Array.from({ length: MERGE_MAX_CLIPS }, (_, i) => `${jobId}-src${i}.mp4`);
  return [...own(jobId), ...own(`${jobId}-ext`), `${jobId}-last.jpg`, ...sources];
}

export async function removeFiles(dir: string, files: Array<string | null>): Promise<void> {
  await Promise.all(files.filter((f): f is string => !!f).map((f) => rm(join(dir, f), { force: true })));
}
