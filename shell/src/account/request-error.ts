import { ApiError } from '@reelmint/shared';

// Its own module: the header's verification reminder uses it, and importing it from a page would put that page in every first load.
/** The sentence for a failed request: the API's codes in the page's language, never its English message. */
export function requestErrorKey(failure: unknown): string {
  if (failure instanceof ApiError) {
    if (failure.isNetworkError) return 'auth.serverDown';
    if (failure.code === 'RATE_LIMITED') return 'password.rateLimited';
    if (failure.code === 'VALIDATION_ERROR') return 'password.invalidEmail';
  }
  return 'auth.genericError';
}
