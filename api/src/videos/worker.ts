import { randomUUID } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { durationSeconds, formatSeconds, MERGE_MAX_CLIPS } from '@reelmint/shared/pricing';
import type { AspectRatio, Resolution } from '@reelmint/shared/pricing';
import type { CoreContext } from '../context.ts';
import type { Video } from '../db/schema.ts';
import type { MediaStorage } from '../storage/storage.ts';
import { uploadKey, videoKeys } from '../storage/keys.ts';
import { findTemplate } from '../templates/catalogue.ts';
import { UNANSWERED_PREFIX, frameSize } from './engine.ts';
import type { RenderRequest, VideoEngine } from './engine.ts';
import { editArgs, lastFrameArgs, posterArgs } from './edit-render.ts';
import type { EditInput } from './edit-render.ts';
import { parseEdit } from './edit-spec.ts';
import { probeVideo, runFfmpeg } from './ffmpeg.ts';
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
        await this.processEdit(job, scratch);
        return;
      }
      const request = await this.renderRequest(job, scratch);
      const made = await this.generate(job, request, (progress) => progress);
      if (made) await this.deliver(job.id, made.videoFile, made.posterFile, made.costCents);
    } catch (error) {
      this.ctx.log.error({ err: error, jobId: job.id }, 'job failed');
      const code = error instanceof MissingSourceError ? error.code : 'RENDER_FAILED';
      await failAndRefund(this.ctx, job.id, code).catch(() => undefined);
      await removeFiles(this.ctx.paths.videos, renderFiles(job.id));
    } finally {
      await Promise.all(scratch.map((file) => rm(file, { force: true })));
    }
  }

  /**
   * Drives the engine until the clip is made and returns its files, or null when the job ended
   * otherwise: failed and refunded, timed out, deleted, or put back in the queue because this
   * worker is stopping. `progressOf` maps the engine's 0-100 onto the job's.
   */
  private async generate(job: Video, request: RenderRequest, progressOf: (progress: number) => number): Promise<GeneratedClip | null> {
    const { engine } = this.ctx;
    const earlier = engine.name !== 'local' && job.engine === engine.name ? job.engine_ref : null;
    if (earlier?.startsWith(UNANSWERED_PREFIX)) {
      // An earlier attempt sent its submit and never learnt the answer (the process stopped or died meanwhile):
      // the provider may be making it, so it is not sent again, and the job is refunded.
      this.ctx.log.error({ jobId: job.id }, 'a submit whose answer was never read: not sent again');
      await failAndRefund(this.ctx, job.id, 'PROVIDER_UNAVAILABLE');
      return null;
    }
    // A provider request an earlier attempt submitted (see requeue and crash recovery) is followed, not paid for twice.
    if (earlier && !earlier.startsWith('pending:')) request.resumeRef = earlier;
    request.recordRef = (submitting) => reportProgress(this.ctx, job.id, progressOf(0), { engine: engine.name, ref: submitting });
    const ref = await engine.submit(request);
    try {
      let storedRef = ref;
      await reportProgress(this.ctx, job.id, progressOf(0), { engine: engine.name, ref });
      const deadline = Date.now() + this.options.jobTimeoutMs;
      for (;;) {
        if (!this.running) {
          // A local render dies with this process, so it is stopped and redone. A hosted request
          // keeps running at the provider (and is paid for): its id stays on the job, and the
          // worker that takes the job next follows it instead of submitting it again.
          const hostedRef = engine.name === 'local' ? null : storedRef.startsWith('pending:') ? null : storedRef;
          if (!hostedRef) await engine.cancel(ref);
          await this.requeue(job.id, hostedRef);
          return null;
        }
        const status = await engine.poll(ref);
        if (status.state === 'succeeded') {
          return {
            videoFile: status.videoFile,
            posterFile: status.posterFile,
            costCents: status.costCents ?? null,
            hostedRef: engine.name === 'local' ? null : storedRef,
          };
        }
        if (status.state === 'failed') {
          this.ctx.log.error({ jobId: job.id, reason: status.error }, 'render failed');
          await failAndRefund(this.ctx, job.id, status.code ?? 'RENDER_FAILED');
          return null;
        }
        if (Date.now() > deadline) {
          await engine.cancel(ref);
          await failAndRefund(this.ctx, job.id, 'TIMEOUT');
          return null;
        }
        const newRef = status.ref && status.ref !== storedRef ? status.ref : null;
        if (newRef) storedRef = newRef;
        if (!(await reportProgress(this.ctx, job.id, progressOf(status.progress), newRef ? { engine: engine.name, ref: newRef } : undefined))) {
          await engine.cancel(ref);
          return null;
        }
        await new Promise((resolve) => setTimeout(resolve, this.options.progressIntervalMs));
      }
    } catch (error) {
      await engine.cancel(ref).catch(() => undefined);
      throw error;
    }
  }

  /**
   * An edit: the sources are read from media storage (fetched into work files when they live in a
   * bucket), an extend first has the engine make the continuation from the clip's last frame, and
   * ffmpeg writes the new clip and its poster, which are delivered like a render.
   */
  private async processEdit(job: Video, scratch: string[]): Promise<void> {
    const spec = parseEdit(job.edit);
    if (!spec) throw new Error(`Job ${job.id} has no readable edit`);
    const dir = this.ctx.paths.videos;
    const rows = await this.ctx.db
      .selectFrom('videos')
      .select(['id', 'status', 'video_file'])
      .where('user_id', '=', job.user_id)
      .where('id', 'in', [...new Set(spec.sourceIds)])
      .execute();
    const inputs: EditInput[] = [];
    for (const [index, id] of spec.sourceIds.entries()) {
      const row = rows.find((r) => r.id === id);
      if (!row || row.status !== 'succeeded' || !row.video_file) throw new MissingSourceError('EDIT_SOURCE_MISSING');
      const key = videoKeys(row.video_file)[0]!;
      let path = this.ctx.storage.localPath(key);
      if (!path) {
        path = join(dir, `${job.id}-src${index}.mp4`);
        scratch.push(path);
        await heartbeat(this.ctx, job.id, () => this.ctx.storage.download(key, path!));
      }
      inputs.push({ path, seconds: await clipSeconds(path) });
    }
    const frame = frameSize(job.resolution as Resolution, job.aspect_ratio as AspectRatio);
    let joinFrom = 0;
    let costCents: number | null = null;
    let hostedRef: string | null = null;
    if (spec.kind === 'extend') {
      const lastFrame = join(dir, `${job.id}-last.jpg`);
      scratch.push(lastFrame);
      await runFfmpeg(lastFrameArgs(inputs[0]!.path, lastFrame)).done;
      const request: RenderRequest = {
        jobId: `${job.id}-ext`,
        kind: 'image',
        mode: 'image',
        prompt: job.prompt ?? '',
        imagePath: lastFrame,
        model: job.model,
        resolution: job.resolution as Resolution,
        aspectRatio: job.aspect_ratio as AspectRatio,
        seconds: durationSeconds(spec.duration),
        seed: job.seed ?? 0,
        ...(job.negative_prompt ? { negativePrompt: job.negative_prompt } : {}),
        outputDir: dir,
        continuation: true,
      };
      const made = await this.generate(job, request, (progress) => Math.round(progress * 0.85));
      if (!made) return;
      scratch.push(join(dir, made.videoFile), join(dir, made.posterFile));
      const continuation = join(dir, made.videoFile);
      inputs.push({ path: continuation, seconds: await clipSeconds(continuation) });
      joinFrom = 85;
      costCents = made.costCents;
      hostedRef = made.hostedRef;
    }
    const partial = join(dir, `${job.id}.part.mp4`);
    const { args, seconds } = editArgs(spec, inputs, frame, partial);
    if (!(await this.runEdit(job.id, args, seconds, joinFrom, hostedRef))) {
      await rm(partial, { force: true });
      return;
    }
    await rename(partial, join(dir, `${job.id}.mp4`));
    await runFfmpeg(posterArgs(join(dir, `${job.id}.mp4`), seconds, join(dir, `${job.id}.jpg`))).done;
    // The length the files really have: a hosted model's clip can be a little shorter or longer than asked.
    await this.ctx.db
      .updateTable('videos')
      .set({ duration: formatSeconds(seconds) })
      .where('id', '=', job.id)
      .where('status', '=', 'processing')
      .execute();
    await this.deliver(job.id, `${job.id}.mp4`, `${job.id}.jpg`, costCents);
  }

  /**
   * Runs one edit's ffmpeg while reporting its progress (from `from` to 99) as the job's
   * heartbeat. False when the job ended meanwhile: deleted, timed out (failed and refunded), or
   * put back in the queue because this worker is stopping.
   */
  private async runEdit(jobId: string, args: string[], seconds: number, from: number, hostedRef: string | null): Promise<boolean> {
    let encoded = 0;
    const run = runFfmpeg(args, (time) => (encoded = time));
    let outcome: { error: unknown } | null = null;
    run.done.then(
      () => (outcome = { error: null }),
      (error: unknown) => (outcome = { error }),
    );
    const deadline = Date.now() + this.options.jobTimeoutMs;
    const stop = () => {
      run.child.kill('SIGKILL');
      return run.done.catch(() => undefined);
    };
    while (!outcome) {
      if (!this.running) {
        await stop();
        await this.requeue(jobId, hostedRef);
        return false;
      }
      if (Date.now() > deadline) {
        await stop();
        await failAndRefund(this.ctx, jobId, 'TIMEOUT');
        return false;
      }
      const progress = Math.min(99, from + Math.floor(Math.min(1, encoded / seconds) * (99 - from)));
      if (!(await reportProgress(this.ctx, jobId, progress))) {
        await stop();
        return false;
      }
      await new Promise((resolve) => setTimeout(resolve, this.options.progressIntervalMs));
    }
    const { error } = outcome as { error: unknown };
    if (error) throw error;
    return true;
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
      const upload = await this.ctx.db
        .selectFrom('uploads')
        .select('file_name')
        .where('id', '=', job.image_id ?? '')
        .executeTakeFirst();
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

interface GeneratedClip {
  videoFile: string;
  posterFile: string;
  costCents: number | null;
  /** The provider's request id, kept if the job must be queued again after the clip was made. */
  hostedRef: string | null;
}

/** A source a job needs is gone: the uploaded picture of an image video, or a video an edit is made from. */
class MissingSourceError extends Error {
  constructor(readonly code: 'SOURCE_MISSING' | 'EDIT_SOURCE_MISSING' = 'SOURCE_MISSING') {
    super(code === 'SOURCE_MISSING' ? 'The uploaded picture no longer exists' : 'A video this edit is made from no longer exists');
  }
}

async function clipSeconds(path: string): Promise<number> {
  const facts = await probeVideo(path);
  if (!facts?.duration) throw new Error(`Cannot read the length of ${path}`);
  return facts.duration;
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
