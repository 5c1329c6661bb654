// An edit job (trim, reframe, speed, merge, extend): ffmpeg makes it from videos already made; an extend first has the
// engine make the continuation.
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { durationSeconds, formatSeconds } from '@reelmint/contract/pricing';
import type { AspectRatio, Resolution } from '@reelmint/contract/pricing';
import type { Video } from '../db/schema.ts';
import { videoKeys } from '../storage/keys.ts';
import { frameSize } from './engine.ts';
import type { RenderRequest } from './engine.ts';
import { editArgs, lastFrameArgs, posterArgs } from './edit-render.ts';
import type { EditInput } from './edit-render.ts';
import { parseEdit } from './edit-spec.ts';
import { probeVideo, runFfmpeg } from './ffmpeg.ts';
import { failAndRefund, heartbeat, reportProgress } from './jobs.ts';
import { MissingSourceError, deliver, generateClip, requeue } from './job-run.ts';
import type { JobRun } from './job-run.ts';

/**
 * An edit: the sources are read from media storage (fetched into work files when they live in a
 * bucket), an extend first has the engine make the continuation from the clip's last frame, and
 * ffmpeg writes the new clip and its poster, which are delivered like a render.
 */
export async function processEdit(run: JobRun, job: Video, scratch: string[]): Promise<void> {
  const spec = parseEdit(job.edit);
  if (!spec) throw new Error(`Job ${job.id} has no readable edit`);
  const dir = run.ctx.paths.videos;
  const rows = await run.ctx.db
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
    let path = run.ctx.storage.localPath(key);
    if (!path) {
      path = join(dir, `${job.id}-src${index}.mp4`);
      scratch.push(path);
      await heartbeat(run.ctx, job.id, () => run.ctx.storage.download(key, path!));
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
    const made = await generateClip(run, job, request, (progress) => Math.round(progress * 0.85));
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
  if (!(await runEdit(run, job.id, args, seconds, joinFrom, hostedRef))) {
    await rm(partial, { force: true });
    return;
  }
  await rename(partial, join(dir, `${job.id}.mp4`));
  await runFfmpeg(posterArgs(join(dir, `${job.id}.mp4`), seconds, join(dir, `${job.id}.jpg`))).done;
  // The length the files really have: a hosted model's clip can be a little shorter or longer than asked.
  await run.ctx.db
    .updateTable('videos')
    .set({ duration: formatSeconds(seconds) })
    .where('id', '=', job.id)
    .where('status', '=', 'processing')
    .execute();
  await deliver(run.ctx, job.id, `${job.id}.mp4`, `${job.id}.jpg`, costCents);
}

/**
 * Runs one edit's ffmpeg while reporting its progress (from `from` to 99) as the job's
 * heartbeat. False when the job ended meanwhile: deleted, timed out (failed and refunded), or
 * put back in the queue because this worker is stopping.
 */
async function runEdit(run: JobRun, jobId: string, args: string[], seconds: number, from: number, hostedRef: string | null): Promise<boolean> {
  let encoded = 0;
  const ffmpeg = runFfmpeg(args, (time) => (encoded = time));
  let outcome: { error: unknown } | null = null;
  ffmpeg.done.then(
    () => (outcome = { error: null }),
    (error: unknown) => (outcome = { error }),
  );
  const deadline = Date.now() + run.limits.jobTimeoutMs;
  const stop = () => {
    ffmpeg.child.kill('SIGKILL');
    return ffmpeg.done.catch(() => undefined);
  };
  while (!outcome) {
    if (!run.running()) {
      await stop();
      await requeue(run.ctx, jobId, hostedRef);
      return false;
    }
    if (Date.now() > deadline) {
      await stop();
      await failAndRefund(run.ctx, jobId, 'TIMEOUT');
      return false;
    }
    const progress = Math.min(99, from + Math.floor(Math.min(1, encoded / seconds) * (99 - from)));
    if (!(await reportProgress(run.ctx, jobId, progress))) {
      await stop();
      return false;
    }
    await new Promise((resolve) => setTimeout(resolve, run.limits.progressIntervalMs));
  }
  const { error } = outcome as { error: unknown };
  if (error) throw error;
  return true;
}

async function clipSeconds(path: string): Promise<number> {
  const facts = await probeVideo(path);
  if (!facts?.duration) throw new Error(`Cannot read the length of ${path}`);
  return facts.duration;
}
