// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError } from '@reelmint/shared';
import { brokenVerifyReason } from './verify-email-page.tsx';
import { resendErrorKey } from './resend-verification.tsx';

describe('email confirmation', () => {
  it('explains a link the API refuses by its code, and treats anything else as not about the link', () => {
    expect(brokenVerifyReason(new ApiError('x', 'VERIFY_LINK_EXPIRED', 410))).toBe('expired');
    expect(brokenVerifyReason(new ApiError('x', 'VERIFY_LINK_USED', 410))).toBe('used');
    expect(brokenVerifyReason(new ApiError('x', 'VERIFY_LINK_INVALID', 400))).toBe('invalid');
    expect(brokenVerifyReason(new ApiError('x', 'VALIDATION_ERROR', 400))).toBe('invalid');
    expect(brokenVerifyReason(new ApiError('x', 'EMAIL_TAKEN', 409))).toBe('taken');
    expect(brokenVerifyReason(new ApiError('x', 'NETWORK_ERROR'))).toBeNull();
    expect(brokenVerifyReason(new Error('boom'))).toBeNull();
  });

  it('says why a new link was refused', () => {
    expect(resendErrorKey(new ApiError('x', 'TOO_MANY_MAILS', 429))).toBe('verify.tooMany');
    expect(resendErrorKey(new ApiError('x', 'NETWORK_ERROR'))).toBe('auth.serverDown');
  });
});
