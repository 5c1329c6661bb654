import type { TFunction } from 'i18next';
import type { VideoRecord } from './video-api.ts';

/** The failure codes of api/README.md ("Video generation"), each with a sentence in every language. */
const FAILURE_CODES = new Set([
  'RENDER_FAILED',
  'TIMEOUT',
  'INTERRUPTED',
  'DELETED',
  'CONTENT_POLICY',
  'PROVIDER_UNAVAILABLE',
  'SOURCE_MISSING',
  'EDIT_SOURCE_MISSING',
]);

/** Why a video failed, in the page's language; a code this build does not know falls back to the server's words. */
export function failureReason(t: TFunction, video: Pick<VideoRecord, 'errorCode' | 'error'>): string {
  if (video.errorCode && FAILURE_CODES.has(video.errorCode)) return t(`job.reasons.${video.errorCode}`);
  return video.error ?? t('job.unknownReason');
}
