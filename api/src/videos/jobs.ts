import type { VideoEngineName } from '@reelmint/contract/video-api';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { CoreContext } from '../context.ts';
import { isUniqueViolation } from '../db/database.ts';
import type { DB, Video } from '../db/schema.ts';
import { refundInTransaction } from '../credits/ledger.ts';
import { queuedInClaimOrder } from './queue.ts';

/** What a job's row holds before anything has happened to it: queued, unclaimed, unrendered, unshared. */
const FRESH_JOB = {
  status: 'queued',
  refunded: 0,
  progress: 0,
  error: null,
  video_file: null,
  poster_file: null,
  engine_ref: null,
  error_code: null,
  provider_cost_cents: null,
  attempts: 0,
  worker_id: null,
  heartbeat_at: null,
  shared_at: null,
  share_views: 0,
  started_at: null,
  finished_at: null,
} as const satisfies Partial<Video>;

/** The row of a new job: what the request decided, with every field of its later life at its start. */
/** A job asks for no keyframe, camera motion or sound unless its request did (edits never do). */
const NO_CONTROLS = { start_image_id: null, end_image_id: null, camera_motion: null, audio: 0 } satisfies Partial<Video>;

export function queuedJob(decided: Omit<Video, keyof typeof FRESH_JOB | keyof typeof NO_CONTROLS> & Partial<Pick<Video, keyof typeof NO_CONTROLS>>): Video {
  return { ...NO_CONTROLS, ...decided, ...FRESH_JOB };
}

/**
 * Claims the oldest queued job for `workerId`, so that two workers (threads of this process or
 * other processes) never take the same one. SQLite: a single UPDATE ... RETURNING is atomic on
 * its own, since the database writes one statement at a time. PostgreSQL: FOR UPDATE SKIP LOCKED
 * lets concurrent claimers pass over a row another claimer holds instead of waiting for it.
 *
 * With a per-provider limit the count of jobs in flight is checked in the same statement. On
 * PostgreSQL that alone is not enough: two claimers each count the jobs in flight before the other
 * commits, and both take a different row. Claims for the same provider therefore queue behind a
 * transaction-scoped advisory lock (claims for other providers and every other query do not), so
 * each one counts after the previous claim has committed.
 */
export async function claimNextJob(ctx: CoreContext, workerId: string, inFlight?: { engine: VideoEngineName; max: number }): Promise<Video | null> {
  if (!inFlight || ctx.dialect !== 'postgres') return claimWith(ctx.db, ctx, workerId, inFlight);
  return ctx.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`reelmint:video-claims:${inFlight.engine}`}, 0))`.execute(trx);
    return claimWith(trx, ctx, workerId, inFlight);
  });
}

async function claimWith(db: Kysely<DB>, ctx: CoreContext, workerId: string, inFlight?: { engine: VideoEngineName; max: number }): Promise<Video | null> {
  const now = ctx.now().toISOString();
  let next = queuedInClaimOrder(db).limit(1);
  if (inFlight) {
    next = next.where(
      (eb) =>
        eb.selectFrom('videos as busy').select(eb.fn.countAll().as('n')).where('busy.status', '=', 'processing').where('busy.engine', '=', inFlight.engine),
      '<',
      inFlight.max,
    );
  }
  const claimed = await db
    .updateTable('videos')
    .set((eb) => ({
      status: 'processing',
      worker_id: workerId,
      started_at: now,
      heartbeat_at: now,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', ctx.dialect === 'postgres' ? next.forUpdate().skipLocked() : next)
    .where('status', '=', 'queued')
    .returningAll()
    .executeTakeFirst();
  return claimed ?? null;
}

/** Records progress; the status guard keeps a late report from reviving a finished job. */
export async function reportProgress(ctx: CoreContext, id: string, progress: number, submitted?: { engine: VideoEngineName; ref: string }): Promise<boolean> {
  const result = await ctx.db
    .updateTable('videos')
    .set({ progress, heartbeat_at: ctx.now().toISOString(), ...(submitted ? { engine: submitted.engine, engine_ref: submitted.ref } : {}) })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Keeps a job's heartbeat fresh while `work` runs (an upload or download that may take longer
 * than the stale threshold), so crash recovery does not take it for an orphan.
 */
export async function heartbeat<T>(ctx: CoreContext, id: string, work: () => Promise<T>, everyMs = 2_000): Promise<T> {
  const beat = () =>
    ctx.db.updateTable('videos').set({ heartbeat_at: ctx.now().toISOString() }).where('id', '=', id).where('status', '=', 'processing').execute();
  const timer = setInterval(() => void beat().catch(() => undefined), everyMs);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

export async function completeJob(
  ctx: CoreContext,
  id: string,
  videoFile: string,
  posterFile: string,
  providerCostCents: number | null = null,
): Promise<boolean> {
  const result = await ctx.db
    .updateTable('videos')
    .set({
      status: 'succeeded',
      progress: 100,
      video_file: videoFile,
      poster_file: posterFile,
      finished_at: ctx.now().toISOString(),
      error: null,
      provider_cost_cents: providerCostCents,
    })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .executeTakeFirst();
  const completed = Number(result.numUpdatedRows) > 0;
  if (completed) ctx.jobEnds?.ended({ id, outcome: 'ready' });
  return completed;
}

/**
 * Why a job failed. The code goes to the front end, which says it in the person's language; the
 * message is the English text for API callers.
 */
export const FAILURES = {
  RENDER_FAILED: 'The video could not be generated. Your credits were refunded.',
  TIMEOUT: 'The video took too long to generate. Your credits were refunded.',
  INTERRUPTED: 'The video could not be finished. Your credits were refunded.',
  DELETED: 'Deleted before it finished. Your credits were refunded.',
  CONTENT_POLICY: 'The video service refused this prompt or picture under its content policy. Your credits were refunded.',
  PROVIDER_UNAVAILABLE: 'The video service is not available right now. Your credits were refunded.',
  SOURCE_MISSING: 'The uploaded picture no longer exists. Your credits were refunded.',
  EDIT_SOURCE_MISSING: 'A video this edit is made from was deleted. Your credits were refunded.',
} as const;
export type FailureCode = keyof typeof FAILURES;

/** How an unfinished job can end without a video: failed (with the reason's code) or cancelled by its owner. */
type Ending = { status: 'failed'; code: FailureCode } | { status: 'cancelled' };

/**
 * Ends an unfinished job without a video and gives its credits back, exactly once: the one place a job
 * reaches `failed` or `cancelled` (completeJob is the one for `succeeded`). The guarded UPDATE (only an
 * unfinished, unrefunded job changes) and the ledger's unique refund of this video both sit in one
 * transaction, so however many paths (worker, timeout, recovery, cancel, delete) call this at the same
 * time, one refunds and the others find nothing to do. Answers the ended job for the caller that ended it.
 */
async function endAndRefund(ctx: CoreContext, id: string, ending: Ending, userId?: string): Promise<Video | null> {
  const finishedAt = ctx.now().toISOString();
  const fields =
    ending.status === 'failed'
      ? { status: 'failed' as const, error: FAILURES[ending.code], error_code: ending.code }
      : { status: 'cancelled' as const, error: CANCELLED_MESSAGE, error_code: 'CANCELLED' };
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      let update = trx
        .updateTable('videos')
        .set({ ...fields, refunded: 1, finished_at: finishedAt })
        .where('id', '=', id)
        .where('status', 'in', ['queued', 'processing'])
        .where('refunded', '=', 0);
      if (userId) update = update.where('user_id', '=', userId);
      const ended = await update.returningAll().executeTakeFirst();
      if (!ended) return null;
      const spend = await trx.selectFrom('credit_ledger').selectAll().where('id', '=', ended.spend_id).executeTakeFirst();
      // A relaxed job took nothing, so there is nothing to give back.
      if (spend && ended.cost > 0) {
        const edit = ended.type === 'edit';
        await refundInTransaction(
          trx,
          ctx,
          spend,
          {
            userId: ended.user_id,
            amount: ended.cost,
            idempotencyKey: `job-refund:${ended.id}`,
            source: edit ? 'edit-refund' : 'generation-refund',
            reason:
              ending.status === 'cancelled'
                ? edit
                  ? 'Video edit cancelled'
                  : 'Video generation cancelled'
                : edit
                  ? 'Video edit failed'
                  : 'Video generation failed',
          },
          ended.id,
        );
      }
      return ended;
    });
  } catch (caught) {
    if (isUniqueViolation(caught)) return null;
    throw caught;
  }
}

const CANCELLED_MESSAGE = 'Cancelled before it finished. Your credits were refunded.';

/** Marks a job failed and refunds it, exactly once (see endAndRefund). Returns true for the caller that refunded. */
export async function failAndRefund(ctx: CoreContext, id: string, code: FailureCode): Promise<boolean> {
  const refunded = (await endAndRefund(ctx, id, { status: 'failed', code })) !== null;
  // A job its owner deleted ended by their own hand: nothing to tell them (nor for one they cancelled).
  if (refunded && code !== 'DELETED') ctx.jobEnds?.ended({ id, outcome: 'failed' });
  return refunded;
}

/**
 * Cancels one of a person's queued or rendering jobs and refunds it at once. Answers the cancelled job, or null when
 * it had already ended (finished, failed, cancelled): the worker's guarded updates then leave it as it is, and a
 * worker still rendering it stops at its next progress report and cancels the provider's request.
 */
export async function cancelAndRefund(ctx: CoreContext, userId: string, id: string): Promise<Video | null> {
  return endAndRefund(ctx, id, { status: 'cancelled' }, userId);
}

/**
 * Jobs whose worker stopped reporting (a crash, a killed process) are put back in the queue once;
 * a job that was already retried fails and is refunded instead of looping forever.
 */
export async function recoverStaleJobs(
  ctx: CoreContext,
  staleBefore: Date,
  maxAttempts: number,
  removePartialFiles: (jobId: string) => Promise<void>,
): Promise<number> {
  const stale = await ctx.db
    .selectFrom('videos')
    .select(['id', 'attempts'])
    .where('status', '=', 'processing')
    .where((eb) => eb.or([eb('heartbeat_at', '<', staleBefore.toISOString()), eb('heartbeat_at', 'is', null)]))
    .execute();
  let recovered = 0;
  for (const job of stale) {
    // Before the job changes state: once it is queued again, a new attempt may write these names.
    await removePartialFiles(job.id);
    if (job.attempts < maxAttempts) {
      const result = await ctx.db
        .updateTable('videos')
        // A local render died with its worker; a hosted request lives on at the provider, so its
        // id stays for the next attempt to follow.
        .set((eb) => ({
          status: 'queued',
          progress: 0,
          worker_id: null,
          heartbeat_at: null,
          engine_ref: eb
            .case()
            .when('engine', '=', 'local')
            .then(sql<string | null>`NULL`)
            .else(eb.ref('engine_ref'))
            .end(),
        }))
        .where('id', '=', job.id)
        .where('status', '=', 'processing')
        .where((eb) => eb.or([eb('heartbeat_at', '<', staleBefore.toISOString()), eb('heartbeat_at', 'is', null)]))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) recovered += 1;
    } else if (await failAndRefund(ctx, job.id, 'INTERRUPTED')) {
      recovered += 1;
    }
  }
  return recovered;
}

/** Jobs of one user that hold a slot: queued or being rendered. */
export async function activeJobCount(db: Kysely<DB>, userId: string, only?: 'relaxed'): Promise<number> {
  let query = db
    .selectFrom('videos')
    .select(sql<number | string>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .where('status', 'in', ['queued', 'processing']);
  if (only === 'relaxed') query = query.where('relaxed', '=', 1);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}
