import { ApiError } from '@reelmint/shared';
import { requestErrorKey } from './request-error.ts';

/** The sentence for a refused settings change, from the API's code, in the page's language. */
export function settingsErrorKey(failure: unknown): string {
  if (failure instanceof ApiError) {
    switch (failure.code) {
      case 'WRONG_PASSWORD':
        return 'settings.password.wrong';
      case 'EMAIL_TAKEN':
        return 'settings.email.taken';
      case 'EMAIL_UNCHANGED':
        return 'settings.email.unchanged';
      case 'UNSUPPORTED_MEDIA_TYPE':
      case 'INVALID_IMAGE':
        return 'settings.profile.pictureInvalid';
      case 'FILE_TOO_LARGE':
      case 'IMAGE_TOO_LARGE':
        return 'settings.profile.pictureTooLarge';
      case 'TOO_MANY_MAILS':
        return 'verify.tooMany';
      case 'VALIDATION_ERROR':
        return 'settings.invalid';
      default:
        break;
    }
  }
  return requestErrorKey(failure);
}
