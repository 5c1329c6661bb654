import { PLAN_FEATURES, PLAN_NAMES, cheapestPlanWith, upscaleTarget } from '@reelmint/contract/plans';
import {
  EDIT_MAX_SECONDS,
  EDIT_MIN_SECONDS,
  MERGE_MAX_CLIPS,
  MERGE_MIN_CLIPS,
  MODELS,
  RESOLUTIONS,
  CROSSFADE_SECONDS,
  durationSeconds,
  editCost,
  formatSeconds,
  parseSeconds,
} from '@reelmint/contract/pricing';
import type { AspectRatio, EditKind, Resolution, VideoModel } from '@reelmint/contract/pricing';
import type { EditRequestBody, VideoEngineName } from '@reelmint/contract/video-api';
import type { Video } from '../db/schema.ts';
import { AppError, notFound, validation } from '../http/errors.ts';
import { currentSubscription, entitledPlan } from '../plans/subscriptions.ts';
import type { Services } from '../services.ts';
import type { EditSpec } from './edit-spec.ts';

/** The fields each kind takes; any other is refused, so a mistyped request is not half applied. */
const FIELDS: Record<EditKind, ReadonlyArray<keyof EditRequestBody>> = {
  trim: ['videoId', 'start', 'end'],
  reframe: ['videoId', 'aspectRatio', 'mode', 'focusX', 'focusY'],
  speed: ['videoId', 'speed'],
  merge: ['videoIds', 'transition'],
  extend: ['videoId', 'duration'],
  upscale: ['videoId'],
};
const REQUIRED: Record<EditKind, ReadonlyArray<keyof EditRequestBody>> = {
  trim: ['videoId', 'start', 'end'],
  reframe: ['videoId', 'aspectRatio'],
  speed: ['videoId', 'speed'],
  merge: ['videoIds'],
  extend: ['videoId'],
  upscale: ['videoId'],
};

/** An edit checked against the sources it names: what it costs and what it makes. */
export interface EditPlan {
  spec: EditSpec;
  sources: Video[];
  cost: number;
  seconds: number;
  model: VideoModel;
  resolution: Resolution;
  aspectRatio: AspectRatio;
  /** The engine that made the first source: an edit is still its picture. */
  engine: VideoEngineName;
}

/** Someone else's, unknown, or unfinished videos stop an edit before anything is charged. */
async function finishedSources(services: Services, userId: string, ids: string[]): Promise<Video[]> {
  const unique = [...new Set(ids)];
  const rows = await services.db.selectFrom('videos').selectAll().where('user_id', '=', userId).where('id', 'in', unique).execute();
  return ids.map((id) => {
    const row = rows.find((r) => r.id === id);
    if (!row) throw notFound('VIDEO_NOT_FOUND', 'Video not found');
    if (row.status !== 'succeeded' || !row.video_file) throw new AppError(409, 'VIDEO_NOT_READY', 'Only a finished video can be edited', { videoId: id });
    return row;
  });
}

function lengthOf(video: Video): number {
  const seconds = parseSeconds(video.duration);
  if (seconds === null) throw new AppError(409, 'VIDEO_NOT_READY', 'This video has no known length');
  return seconds;
}

const fitsLength = (seconds: number) => {
  if (seconds < EDIT_MIN_SECONDS - 1e-9) {
    throw new AppError(422, 'CLIP_TOO_SHORT', `The edited clip would last ${formatSeconds(seconds)}; it must last at least ${EDIT_MIN_SECONDS} s`, { seconds });
  }
  if (seconds > EDIT_MAX_SECONDS + 1e-9) {
    throw new AppError(422, 'CLIP_TOO_LONG', `The edited clip would last ${formatSeconds(seconds)}; it may last at most ${EDIT_MAX_SECONDS} s`, { seconds });
  }
};

/**
 * Checks an edit request the way both the estimate and the edit itself do: the plan first (only
 * Max edits), then the fields of its kind, then the videos it names. Throws the refusal; nothing
 * is charged before this passes.
 */
export async function planEdit(services: Services, userId: string, body: EditRequestBody): Promise<EditPlan> {
  const plan = entitledPlan(await currentSubscription(services, userId));
  // Upscaling is not an editing tool but a way to a resolution: the plans that make it may reach it (checked below).
  if (body.kind === 'upscale') {
    if (!PLAN_FEATURES[plan].hd720p) {
      const needed = PLAN_NAMES[cheapestPlanWith('hd720p')];
      throw new AppError(403, 'PLAN_UPGRADE_REQUIRED', `Upscaling videos requires the ${needed} plan`, {
        upgradeRequired: true,
        problems: [{ field: 'edit', feature: 'hd720p', message: `Upscaling videos requires the ${needed} plan`, upgradeRequired: true }],
      });
    }
  } else if (!PLAN_FEATURES[plan].advancedEditing) {
    const needed = cheapestPlanWith('advancedEditing');
    throw new AppError(403, 'PLAN_UPGRADE_REQUIRED', `Editing videos requires the ${PLAN_NAMES[needed]} plan`, {
      upgradeRequired: true,
      problems: [{ field: 'edit', feature: 'advancedEditing', message: `Editing videos requires the ${PLAN_NAMES[needed]} plan`, upgradeRequired: true }],
    });
  }
  const kind = body.kind;
  const stray = (Object.keys(body) as Array<keyof EditRequestBody>).filter((key) => key !== 'kind' && !FIELDS[kind].includes(key));
  if (stray.length > 0) throw validation(`${stray.join(', ')} ${stray.length === 1 ? 'is' : 'are'} not used by a ${kind} edit`);
  const missing = REQUIRED[kind].filter((key) => body[key] === undefined);
  if (missing.length > 0) throw validation(`A ${kind} edit needs ${missing.join(' and ')}`);

  if (kind === 'merge') {
    const ids = body.videoIds!;
    if (ids.length < MERGE_MIN_CLIPS || ids.length > MERGE_MAX_CLIPS) {
      throw new AppError(
        422,
        'MERGE_CLIP_COUNT',
        `A merge joins ${MERGE_MIN_CLIPS} to ${MERGE_MAX_CLIPS} clips; ${ids.length} ${ids.length === 1 ? 'was' : 'were'} given`,
        {
          min: MERGE_MIN_CLIPS,
          max: MERGE_MAX_CLIPS,
        },
      );
    }
    const sources = await finishedSources(services, userId, ids);
    const transition = body.transition ?? 'cut';
    const total = sources.reduce((sum, video) => sum + lengthOf(video), 0) - (transition === 'crossfade' ? CROSSFADE_SECONDS * (sources.length - 1) : 0);
    fitsLength(total);
    const first = sources[0]!;
    return {
      spec: { kind, sourceIds: ids, transition },
      sources,
      cost: editCost({ kind, clips: ids.length }),
      seconds: total,
      model: first.model as VideoModel,
      resolution: first.resolution as Resolution,
      aspectRatio: first.aspect_ratio as AspectRatio,
      engine: first.engine,
    };
  }

  const [source] = await finishedSources(services, userId, [body.videoId!]);
  const video = source!;
  const length = lengthOf(video);
  const base = {
    sources: [video],
    model: video.model as VideoModel,
    resolution: video.resolution as Resolution,
    aspectRatio: video.aspect_ratio as AspectRatio,
    engine: video.engine,
  };
  const sourceIds: [string] = [video.id];
  switch (kind) {
    case 'trim': {
      const start = round2(body.start!);
      const end = round2(body.end!);
      if (end > length + 1e-9 || start >= end) {
        throw new AppError(422, 'TRIM_OUT_OF_RANGE', `Choose a start before the end, both within the clip's ${formatSeconds(length)}`, { duration: length });
      }
      if (start === 0 && Math.abs(end - length) < 0.01) throw new AppError(422, 'EDIT_CHANGES_NOTHING', 'This trim keeps the whole clip');
      fitsLength(end - start);
      return { ...base, spec: { kind, sourceIds, start, end }, cost: editCost({ kind }), seconds: end - start };
    }
    case 'reframe': {
      const aspectRatio = body.aspectRatio!;
      if (aspectRatio === video.aspect_ratio) throw new AppError(422, 'EDIT_CHANGES_NOTHING', `This clip is already ${aspectRatio}`);
      const mode = body.mode ?? 'crop';
      if (mode === 'fit' && (body.focusX !== undefined || body.focusY !== undefined)) throw validation('A focus point is only used when cropping');
      return {
        ...base,
        aspectRatio,
        spec: { kind, sourceIds, aspectRatio, mode, focusX: round2(body.focusX ?? 0.5), focusY: round2(body.focusY ?? 0.5) },
        cost: editCost({ kind }),
        seconds: length,
      };
    }
    case 'speed': {
      const speed = body.speed!;
      fitsLength(length / speed);
      return { ...base, spec: { kind, sourceIds, speed }, cost: editCost({ kind }), seconds: length / speed };
    }
    case 'extend': {
      const duration = body.duration ?? '5s';
      // The continuation is made by the engine that made the clip, or the two halves would not match.
      if (video.engine !== services.engine.name) {
        throw new AppError(409, 'EXTEND_UNAVAILABLE', 'This clip was made by a video engine this site no longer runs, so it cannot be continued', {
          engine: video.engine,
        });
      }
      if (!(MODELS as readonly string[]).includes(video.model) || !(RESOLUTIONS as readonly string[]).includes(video.resolution)) {
        throw new AppError(409, 'EXTEND_UNAVAILABLE', 'This clip cannot be continued');
      }
      if (services.engine.offersAspectRatio && !services.engine.offersAspectRatio(video.model, 'image', base.aspectRatio)) {
        throw new AppError(422, 'ASPECT_RATIO_UNAVAILABLE', `The ${video.model} model cannot continue ${base.aspectRatio} clips here`, {
          aspectRatio: base.aspectRatio,
        });
      }
      const seconds = length + durationSeconds(duration);
      fitsLength(seconds);
      return { ...base, spec: { kind, sourceIds, duration }, cost: editCost({ kind, model: base.model, resolution: base.resolution, duration }), seconds };
    }
    case 'upscale': {
      const from = base.resolution;
      if (!(RESOLUTIONS as readonly string[]).includes(from))
        throw new AppError(409, 'UPSCALE_UNAVAILABLE', 'This clip has no resolution that can be upscaled');
      const target = upscaleTarget(from, PLAN_FEATURES[plan]);
      if (!target) {
        throw new AppError(422, 'UPSCALE_AT_MAXIMUM', `This clip is already ${from}, the highest resolution your ${PLAN_NAMES[plan]} plan makes`, {
          resolution: from,
          plan,
        });
      }
      return {
        ...base,
        resolution: target,
        spec: { kind, sourceIds, fromResolution: from, upscaler: 'local' },
        cost: editCost({ kind, seconds: length, resolution: target }),
        seconds: length,
      };
    }
  }
}

export const round2 = (value: number) => Math.round(value * 100) / 100;
