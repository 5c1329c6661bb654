// The steps renders and edits share: driving the engine to a clip, delivering its files, and putting a job back in
// the queue when its worker stops.
import { join } from 'node:path';
import type { CoreContext } from '../context.ts';
import type { Video } from '../db/schema.ts';
import type { MediaStorage } from '../storage/storage.ts';
import { videoKeys } from '../storage/keys.ts';
import { UNANSWERED_PREFIX } from './engine.ts';
import type { RenderRequest, VideoEngine } from './engine.ts';
import { completeJob, failAndRefund, heartbeat, reportProgress } from './jobs.ts';

/** What a job worker works with: the database and clock, the engine, media storage, its work folders and its log. */
export interface WorkerContext extends CoreContext {
  engine: VideoEngine;
  storage: MediaStorage;
  /** Work folders on this machine: renders are written to `videos`, pictures fetched into `uploads`. */
  paths: { uploads: string; videos: string };
  log: { error(details: object, message: string): void };
}

/** What the steps of one job need from the worker running it. */
export interface JobRun {
  ctx: WorkerContext;
  /** How long a job may run, and how often a running one is polled and its heartbeat saved. */
  limits: { jobTimeoutMs: number; progressIntervalMs: number };
  /** False once the worker is stopping: a job in progress then goes back to the queue. */
  running(): boolean;
}

interface GeneratedClip {
  videoFile: string;
  posterFile: string;
  costCents: number | null;
  /** The provider's request id, kept if the job must be queued again after the clip was made. */
  hostedRef: string | null;
}

/** A source a job needs is gone: the uploaded picture of an image video, or a video an edit is made from. */
export class MissingSourceError extends Error {
  constructor(readonly code: 'SOURCE_MISSING' | 'EDIT_SOURCE_MISSING' = 'SOURCE_MISSING') {
    super(code === 'SOURCE_MISSING' ? 'The uploaded picture no longer exists' : 'A video this edit is made from no longer exists');
  }
}

/**
 * Drives the engine until the clip is made and returns its files, or null when the job ended
 * otherwise: failed and refunded, timed out, deleted, or put back in the queue because this
 * worker is stopping. `progressOf` maps the engine's 0-100 onto the job's.
 */
export async function generateClip(run: JobRun, job: Video, request: RenderRequest, progressOf: (progress: number) => number): Promise<GeneratedClip | null> {
  const { engine } = run.ctx;
  const earlier = engine.name !== 'local' && job.engine === engine.name ? job.engine_ref : null;
  if (earlier?.startsWith(UNANSWERED_PREFIX)) {
    // An earlier attempt sent its submit and never learnt the answer (the process stopped or died meanwhile):
    // the provider may be making it, so it is not sent again, and the job is refunded.
    run.ctx.log.error({ jobId: job.id }, 'a submit whose answer was never read: not sent again');
    await failAndRefund(run.ctx, job.id, 'PROVIDER_UNAVAILABLE');
    return null;
  }
  // A provider request an earlier attempt submitted (see requeue and crash recovery) is followed, not paid for twice.
  if (earlier && !earlier.startsWith('pending:')) request.resumeRef = earlier;
  request.recordRef = (submitting) => reportProgress(run.ctx, job.id, progressOf(0), { engine: engine.name, ref: submitting });
  const ref = await engine.submit(request);
  try {
    let storedRef = ref;
    await reportProgress(run.ctx, job.id, progressOf(0), { engine: engine.name, ref });
    const deadline = Date.now() + run.limits.jobTimeoutMs;
    for (;;) {
      if (!run.running()) {
        // A local render dies with this process, so it is stopped and redone. A hosted request
        // keeps running at the provider (and is paid for): its id stays on the job, and the
        // worker that takes the job next follows it instead of submitting it again.
        const hostedRef = engine.name === 'local' ? null : storedRef.startsWith('pending:') ? null : storedRef;
        if (!hostedRef) await engine.cancel(ref);
        await requeue(run.ctx, job.id, hostedRef);
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
        run.ctx.log.error({ jobId: job.id, reason: status.error }, 'render failed');
        await failAndRefund(run.ctx, job.id, status.code ?? 'RENDER_FAILED');
        return null;
      }
      if (Date.now() > deadline) {
        await engine.cancel(ref);
        await failAndRefund(run.ctx, job.id, 'TIMEOUT');
        return null;
      }
      const newRef = status.ref && status.ref !== storedRef ? status.ref : null;
      if (newRef) storedRef = newRef;
      if (!(await reportProgress(run.ctx, job.id, progressOf(status.progress), newRef ? { engine: engine.name, ref: newRef } : undefined))) {
        await engine.cancel(ref);
        return null;
      }
      await new Promise((resolve) => setTimeout(resolve, run.limits.progressIntervalMs));
    }
  } catch (error) {
    await engine.cancel(ref).catch(() => undefined);
    throw error;
  }
}

/**
 * Moves the finished files into media storage (an upload when it is a bucket, with heartbeats so
 * a long upload is not taken for a crash), then marks the job done. A job deleted meanwhile
 * loses its files instead.
 */
export async function deliver(ctx: WorkerContext, jobId: string, videoFile: string, posterFile: string, costCents: number | null): Promise<void> {
  const [videoKey, posterKey] = videoKeys(videoFile, posterFile) as [string, string];
  await heartbeat(ctx, jobId, async () => {
    await ctx.storage.putFile(posterKey, join(ctx.paths.videos, posterFile), 'image/jpeg');
    await ctx.storage.putFile(videoKey, join(ctx.paths.videos, videoFile), 'video/mp4');
  });
  if (!(await completeJob(ctx, jobId, videoFile, posterFile, costCents))) {
    await ctx.storage.remove([videoKey, posterKey]);
  }
}

/**
 * Puts a job this worker is letting go of (it is stopping) back in the queue; `keepRef` is a hosted request to follow
 * rather than submit again. The claim's attempt is given back: a job handed back by a stopping worker did not fail, and
 * attempts count only the claims that ended in a crash (crash recovery fails a job that used them all).
 */
export async function requeue(ctx: WorkerContext, id: string, keepRef: string | null): Promise<void> {
  await ctx.db
    .updateTable('videos')
    .set((eb) => ({ status: 'queued', progress: 0, worker_id: null, engine_ref: keepRef, heartbeat_at: null, attempts: eb('attempts', '-', 1) }))
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .execute();
}
