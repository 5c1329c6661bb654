import type { Kysely } from 'kysely';
import type { CoreContext } from '../context.ts';
import type { DB, Video } from '../db/schema.ts';

/** Until a render has finished here, a job is expected to take this long. */
const DEFAULT_RENDER_SECONDS = 30;
/** The renders the estimate learns from: the latest this many that finished. */
const RECENT_RENDERS = 20;

/** Where a queued job stands: 1 is the next to start; `startsInSeconds` is the estimate of when it does. */
export interface QueuePlace {
  position: number;
  startsInSeconds: number;
}

/**
 * The queued jobs in the order the worker takes them: priority before relaxed (Max's generations without credits wait
 * until no priority job is queued), then oldest first, a run's variations in order. The worker's claim and the
 * places shown to people read this one order.
 */
export function queuedInClaimOrder(db: Kysely<DB>) {
  return db.selectFrom('videos').select('id').where('status', '=', 'queued').orderBy('relaxed').orderBy('created_at').orderBy('variation').orderBy('id');
}

/** The mean time of the latest finished renders, in seconds (DEFAULT_RENDER_SECONDS before there are any). */
async function typicalRenderSeconds(ctx: CoreContext): Promise<number> {
  const recent = await ctx.db
    .selectFrom('videos')
    .select(['started_at', 'finished_at'])
    .where('status', '=', 'succeeded')
    .where('started_at', 'is not', null)
    .where('finished_at', 'is not', null)
    .orderBy('finished_at', 'desc')
    .limit(RECENT_RENDERS)
    .execute();
  const seconds = recent
    .map((row) => (Date.parse(row.finished_at!) - Date.parse(row.started_at!)) / 1000)
    .filter((value) => Number.isFinite(value) && value >= 0);
  if (seconds.length === 0) return DEFAULT_RENDER_SECONDS;
  return Math.max(1, seconds.reduce((sum, value) => sum + value, 0) / seconds.length);
}

/**
 * The place in the queue and the expected start of each of `wanted` that is still queued. Jobs are taken in the
 * worker's order (priority before relaxed, then oldest first); the estimate plays that order out over `slots`
 * renders at once, each slot free when its current render should end, every render as long as the recent ones.
 */
export async function queuePlaces(ctx: CoreContext, slots: number, wanted: Array<Pick<Video, 'id' | 'status'>>): Promise<Map<string, QueuePlace>> {
  const places = new Map<string, QueuePlace>();
  const waiting = new Set(wanted.filter((video) => video.status === 'queued').map((video) => video.id));
  if (waiting.size === 0) return places;
  const [queued, running, typical] = await Promise.all([
    queuedInClaimOrder(ctx.db).execute(),
    ctx.db.selectFrom('videos').select('started_at').where('status', '=', 'processing').execute(),
    typicalRenderSeconds(ctx),
  ]);
  const now = ctx.now().getTime();
  const busyUntil = running.map((job) => Math.max(0, typical - (job.started_at ? (now - Date.parse(job.started_at)) / 1000 : 0)));
  // More renders may be running than the slots say (several workers); each of them frees a slot when it ends.
  const free: number[] = [...busyUntil, ...Array.from({ length: Math.max(0, slots - busyUntil.length) }, () => 0)].sort((a, b) => a - b);
  if (free.length === 0) free.push(0);
  for (const [index, job] of queued.entries()) {
    const start = free.shift()!;
    if (waiting.has(job.id)) {
      places.set(job.id, { position: index + 1, startsInSeconds: Math.round(start) });
      if (places.size === waiting.size) break;
    }
    // The slot this job takes is free again one render later; kept in order, earliest first.
    const end = start + typical;
    const at = free.findIndex((value) => value > end);
    free.splice(at === -1 ? free.length : at, 0, end);
  }
  return places;
}
