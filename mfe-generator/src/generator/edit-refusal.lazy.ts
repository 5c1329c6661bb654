import { ApiError, MERGE_MAX_CLIPS } from '@reelmint/shared';
import type { TFunction } from 'i18next';
import { errorMessage } from './errors.ts';

/** Server refusals of an edit, said in the page's language (api/README.md, "Editing"). */
const EDIT_ERRORS: Record<string, string> = {
  TRIM_OUT_OF_RANGE: 'edit.errors.trimRange',
  CLIP_TOO_SHORT: 'edit.errors.tooShort',
  CLIP_TOO_LONG: 'edit.errors.tooLong',
  EDIT_CHANGES_NOTHING: 'edit.errors.nothing',
  MERGE_CLIP_COUNT: 'edit.errors.mergeCount',
  EXTEND_UNAVAILABLE: 'edit.errors.extendUnavailable',
  VIDEO_NOT_READY: 'edit.errors.notReady',
  PLAN_UPGRADE_REQUIRED: 'edit.locked',
};

/** A refusal of an edit (or of its estimate): its own reasons by code, else what any call may answer. */
export function editRefusal(t: TFunction, error: unknown, plan: string): string {
  const key = error instanceof ApiError ? EDIT_ERRORS[error.code] : undefined;
  return key ? t(key, { plan, min: 2, max: MERGE_MAX_CLIPS }) : errorMessage(t, error);
}
