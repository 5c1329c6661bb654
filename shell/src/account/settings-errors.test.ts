// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError, configure } from '@reelmint/shared';
import { settingsErrorKey } from './settings-errors.ts';
import { pictureSrc } from './account-user.ts';

describe('account settings', () => {
  it('say a refused change in words the person can act on', () => {
    expect(settingsErrorKey(new ApiError('x', 'WRONG_PASSWORD', 403))).toBe('settings.password.wrong');
    expect(settingsErrorKey(new ApiError('x', 'EMAIL_TAKEN', 409))).toBe('settings.email.taken');
    expect(settingsErrorKey(new ApiError('x', 'UNSUPPORTED_MEDIA_TYPE', 415))).toBe('settings.profile.pictureInvalid');
    expect(settingsErrorKey(new ApiError('x', 'FILE_TOO_LARGE', 413))).toBe('settings.profile.pictureTooLarge');
    expect(settingsErrorKey(new ApiError('x', 'NETWORK_ERROR'))).toBe('auth.serverDown');
    expect(settingsErrorKey(new Error('boom'))).toBe('auth.genericError');
  });

  it('load the picture from the API’s origin, and show the initial when there is none', () => {
    configure({ apiBase: 'http://api.test' });
    expect(pictureSrc('/api/account/picture/abc.png')).toBe('http://api.test/api/account/picture/abc.png');
    expect(pictureSrc(null)).toBeNull();
  });
});
