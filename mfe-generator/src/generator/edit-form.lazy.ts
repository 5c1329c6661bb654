import { ASPECT_RATIOS, EDIT_MIN_SECONDS, MERGE_MAX_CLIPS, MERGE_MIN_CLIPS, parseSeconds } from '@reelmint/shared';
import type { AspectRatio, Duration, EditKind, EditSpeed, MergeTransition, ReframeMode } from '@reelmint/shared';
import type { EditRequest, VideoRecord } from './video-api.ts';

/** Everything the edit panel's forms hold; one kind is sent at a time. */
export interface EditForm {
  kind: EditKind;
  start: number;
  end: number;
  aspectRatio: AspectRatio;
  mode: ReframeMode;
  /** Where the crop keeps its focus, 0-100 across and down. */
  focusX: number;
  focusY: number;
  speed: EditSpeed;
  /** The clips to merge, in order (the first is the video being edited). */
  clipIds: string[];
  transition: MergeTransition;
  duration: Duration;
}

/** The clip's length in seconds, as stored on the video ("5s", "1.5s"). */
export function clipLength(video: Pick<VideoRecord, 'duration'>): number {
  return parseSeconds(video.duration) ?? 0;
}

export function initialForm(video: Pick<VideoRecord, 'id' | 'duration' | 'aspectRatio'>): EditForm {
  const length = clipLength(video);
  return {
    kind: 'trim',
    start: 0,
    end: length,
    aspectRatio: ASPECT_RATIOS.find((ratio) => ratio !== video.aspectRatio) ?? '9:16',
    mode: 'crop',
    focusX: 50,
    focusY: 50,
    speed: 0.5,
    clipIds: [video.id],
    transition: 'cut',
    duration: '5s',
  };
}

/** Two decimals, as the API keeps them. */
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The request for the chosen kind, or the reason it cannot be sent yet (checked here so the
 * estimate is asked only for something the server could accept).
 */
export function editRequest(
  video: Pick<VideoRecord, 'id' | 'duration'>,
  form: EditForm,
): { request: EditRequest } | { problem: 'trimWhole' | 'trimRange' | 'trimShort' | 'mergeCount' } {
  switch (form.kind) {
    case 'trim': {
      const start = round2(form.start);
      const end = round2(form.end);
      // Nothing chosen yet: the handles still hold the whole clip.
      if (start <= 0 && end >= clipLength(video) - 0.01) return { problem: 'trimWhole' };
      if (end <= start) return { problem: 'trimRange' };
      if (end - start < EDIT_MIN_SECONDS) return { problem: 'trimShort' };
      return { request: { kind: 'trim', videoId: video.id, start, end } };
    }
    case 'reframe':
      return {
        request:
          form.mode === 'crop'
            ? { kind: 'reframe', videoId: video.id, aspectRatio: form.aspectRatio, mode: 'crop', focusX: form.focusX / 100, focusY: form.focusY / 100 }
            : { kind: 'reframe', videoId: video.id, aspectRatio: form.aspectRatio, mode: 'fit' },
      };
    case 'speed':
      return { request: { kind: 'speed', videoId: video.id, speed: form.speed } };
    case 'merge':
      if (form.clipIds.length < MERGE_MIN_CLIPS || form.clipIds.length > MERGE_MAX_CLIPS) return { problem: 'mergeCount' };
      return { request: { kind: 'merge', videoIds: form.clipIds, transition: form.transition } };
    case 'extend':
      return { request: { kind: 'extend', videoId: video.id, duration: form.duration } };
    case 'upscale':
      return { request: { kind: 'upscale', videoId: video.id } };
  }
}

/** Moves the clip at `index` one place up (-1) or down (+1); out of range leaves the order as it is. */
export function moveClip(ids: string[], index: number, by: -1 | 1): string[] {
  const target = index + by;
  if (index < 0 || index >= ids.length || target < 0 || target >= ids.length) return ids;
  const next = [...ids];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
