// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError } from '@reelmint/shared';
import { brokenLinkReason } from './reset-password-page.tsx';
import { requestErrorKey } from './request-error.ts';

describe('password reset pages', () => {
  it('explain a link the API refuses by its code, and treat anything else as not about the link', () => {
    expect(brokenLinkReason(new ApiError('x', 'RESET_LINK_EXPIRED', 410))).toBe('expired');
    expect(brokenLinkReason(new ApiError('x', 'RESET_LINK_USED', 410))).toBe('used');
    expect(brokenLinkReason(new ApiError('x', 'RESET_LINK_INVALID', 400))).toBe('invalid');
    expect(brokenLinkReason(new ApiError('x', 'VALIDATION_ERROR', 400))).toBe('invalid');
    expect(brokenLinkReason(new ApiError('x', 'NETWORK_ERROR'))).toBeNull();
    expect(brokenLinkReason(new Error('boom'))).toBeNull();
  });

  it('say a failed request in words the person can act on', () => {
    expect(requestErrorKey(new ApiError('x', 'RATE_LIMITED', 429))).toBe('password.rateLimited');
    expect(requestErrorKey(new ApiError('x', 'NETWORK_ERROR'))).toBe('auth.serverDown');
    expect(requestErrorKey(new ApiError('x', 'VALIDATION_ERROR', 400))).toBe('password.invalidEmail');
    expect(requestErrorKey(new ApiError('x', 'INTERNAL_ERROR', 500))).toBe('auth.genericError');
  });
});
