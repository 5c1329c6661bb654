import { ApiError } from '@reelmint/shared';
import type { TFunction } from 'i18next';

/** Server codes (api/README.md) mapped to sentences a person can act on, in their language. */
const CODE_KEYS: Record<string, string> = {
  NETWORK_ERROR: 'errors.network',
  TOO_MANY_JOBS: 'errors.tooManyJobs',
  RELAXED_JOB_ACTIVE: 'errors.relaxedActive',
  RELAXED_QUEUE_UNAVAILABLE: 'errors.relaxedUnavailable',
  RATE_LIMITED: 'errors.rateLimited',
  UPLOAD_NOT_FOUND: 'errors.uploadNotFound',
  FILE_TOO_LARGE: 'errors.tooLarge',
  IMAGE_TOO_LARGE: 'errors.tooLarge',
  PAYLOAD_TOO_LARGE: 'errors.tooLarge',
  UNSUPPORTED_MEDIA_TYPE: 'image.errors.type',
  INVALID_IMAGE: 'errors.invalidImage',
  VIDEO_NOT_FOUND: 'errors.videoNotFound',
  VALIDATION_ERROR: 'errors.validation',
  ASPECT_RATIO_UNAVAILABLE: 'shape.unavailable',
  CONTROL_UNAVAILABLE: 'controls.errors.unavailable',
  FRAME_NOT_A_PICTURE: 'controls.errors.notPicture',
  CAMERA_MOTION_UNKNOWN: 'controls.errors.camera',
  UNAUTHENTICATED: 'errors.signedOut',
  TOKEN_EXPIRED: 'errors.signedOut',
  VARIATIONS_OUT_OF_RANGE: 'jobQueue.errors.variations',
  RELAXED_ONE_VARIATION: 'jobQueue.errors.relaxedOne',
  ALREADY_FINISHED: 'jobQueue.errors.alreadyFinished',
};

export function errorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const key = CODE_KEYS[error.code];
    if (key) return t(key);
    return t('errors.generic', { code: error.status ? `${error.code} ${error.status}` : error.code });
  }
  return t('errors.generic', { code: error instanceof Error ? error.name : 'unknown' });
}

/** 401 on a call that needs a session: the person has to sign in again. */
export function needsSignIn(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * A refusal of what was sent (its type, size or content): sending the same again cannot help, unlike a lost
 * connection, a timeout, a rate limit or a server error.
 */
export function refusedForGood(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status);
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
