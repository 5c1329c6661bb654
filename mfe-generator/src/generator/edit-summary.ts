import type { TFunction } from 'i18next';
import type { VideoRecord } from './video-api.ts';

/** What an edit did to make `video` ("Trimmed to 0–2.5 s"), or null for a video that is not an edit. */
export function editSummary(t: TFunction, video: Pick<VideoRecord, 'edit' | 'resolution'>): string | null {
  const edit = video.edit;
  if (!edit) return null;
  switch (edit.kind) {
    case 'trim':
      return t('edit.made.trim', { start: edit.start, end: edit.end });
    case 'reframe':
      return t('edit.made.reframe', { shape: edit.aspectRatio, mode: t(`edit.reframe.modes.${edit.mode ?? 'crop'}`) });
    case 'speed':
      return t('edit.made.speed', { value: edit.speed });
    case 'merge':
      return t('edit.made.merge', { clips: edit.sourceIds.length, transition: t(`edit.merge.transitions.${edit.transition ?? 'cut'}`) });
    case 'upscale':
      return t('edit.made.upscale', { from: edit.fromResolution ?? '', to: video.resolution });
    default:
      return t('edit.made.extend', { value: (edit.duration ?? '5s').replace('s', '') });
  }
}
