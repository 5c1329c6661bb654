import { sql } from 'kysely';
import type { CoreContext } from '../context.ts';
import type { Upload } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';

/** What one account may keep and send; tests and buildApp options change them. */
export interface UploadLimits {
  /** Bytes of pictures one account may store at once. */
  quotaBytes: number;
  /** Uploads one account (or, signed out, one address) may send per minute. */
  perMinute: number;
  /** An upload no video uses is removed this long after it arrived. */
  unusedAfterMs: number;
  /** How often the sweep for unused uploads runs. */
  sweepEveryMs: number;
}

/** Deletes an upload's file from media storage, given its stored file name. */
export type RemoveUploadFile = (fileName: string) => Promise<void>;

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  quotaBytes: 50 * 1024 * 1024,
  perMinute: 10,
  unusedAfterMs: 24 * 60 * 60 * 1000,
  sweepEveryMs: 60 * 60 * 1000,
};

const MIB = 1024 * 1024;
const mib = (bytes: number) => `${(bytes / MIB).toFixed(1)} MB`;

export async function storageUsed(ctx: CoreContext, userId: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('uploads')
    .select(sql<number | string | null>`sum(size)`.as('used'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.used ?? 0);
}

function quotaExceeded(used: number, size: number, quota: number): AppError {
  return new AppError(
    413,
    'UPLOAD_QUOTA_EXCEEDED',
    `Your pictures use ${mib(used)} of ${mib(quota)}; this one (${mib(size)}) does not fit. Delete pictures you no longer need.`,
    { used, quota },
  );
}

/** Refuses before the body is read when the account is already full. */
export async function assertRoomLeft(ctx: CoreContext, userId: string, quota: number): Promise<void> {
  const used = await storageUsed(ctx, userId);
  if (used >= quota) throw quotaExceeded(used, 0, quota);
}

/**
 * Records an upload only if it fits the account's quota. The check and the insert are one
 * transaction, and on PostgreSQL the user's row is locked first, so concurrent uploads of one
 * account are counted one after the other (SQLite serialises writers on its own).
 */
export async function insertWithinQuota(ctx: CoreContext, upload: Upload, quota: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    if (ctx.dialect === 'postgres') {
      await trx.selectFrom('users').select('id').where('id', '=', upload.user_id).forUpdate().execute();
    }
    const row = await trx
      .selectFrom('uploads')
      .select(sql<number | string | null>`sum(size)`.as('used'))
      .where('user_id', '=', upload.user_id)
      .executeTakeFirst();
    const used = Number(row?.used ?? 0);
    if (used + upload.size > quota) throw quotaExceeded(used, upload.size, quota);
    await trx.insertInto('uploads').values(upload).execute();
  });
}

/** Deletes one upload of its owner; a picture that a video still being made needs is kept. */
export async function deleteUpload(ctx: CoreContext, removeFile: RemoveUploadFile, userId: string, id: string): Promise<void> {
  const upload = await ctx.db.selectFrom('uploads').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  // Someone else's upload answers exactly like a missing one.
  if (!upload) throw new AppError(404, 'UPLOAD_NOT_FOUND', 'No uploaded picture of yours has this id');
  const deleted = await ctx.db
    .deleteFrom('uploads')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('videos').select('id').where('image_id', '=', id).where('status', 'in', ['queued', 'processing']))),
    )
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) {
    throw new AppError(409, 'UPLOAD_IN_USE', 'A video is being made from this picture; delete it when the video is done');
  }
  await removeFile(upload.file_name);
}

/** Removes uploads older than `olderThan` that no video uses; returns how many went. */
export async function sweepUnusedUploads(ctx: CoreContext, removeFile: RemoveUploadFile, olderThan: Date): Promise<number> {
  const unused = ctx.db
    .selectFrom('uploads')
    .where('created_at', '<', olderThan.toISOString())
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('videos').select('id').whereRef('videos.image_id', '=', 'uploads.id'))));
  const rows = await unused.select(['id', 'file_name']).execute();
  let removed = 0;
  for (const row of rows) {
    // The same guard again at delete time: a video may have started using it meanwhile.
    const result = await ctx.db
      .deleteFrom('uploads')
      .where('id', '=', row.id)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('videos').select('id').where('image_id', '=', row.id))))
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) continue;
    await removeFile(row.file_name);
    removed += 1;
  }
  return removed;
}

/** Runs the sweep now and then every `sweepEveryMs`; the returned function stops it. */
export function startUploadSweeper(ctx: CoreContext, removeFile: RemoveUploadFile, limits: UploadLimits, onError: (error: unknown) => void): () => void {
  const run = () => {
    sweepUnusedUploads(ctx, removeFile, new Date(ctx.now().getTime() - limits.unusedAfterMs)).catch(onError);
  };
  run();
  const timer = setInterval(run, limits.sweepEveryMs);
  timer.unref();
  return () => clearInterval(timer);
}
