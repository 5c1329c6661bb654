import type { FailureCode } from '../jobs.ts';
import type { ProviderName } from './mapping.ts';

/** What one hosted job asks of a provider, in the provider's values from the mapping table. */
export interface ProviderJob {
  jobId: string;
  /** The provider's model or endpoint id. */
  model: string;
  prompt: string;
  /** The provider's word for the resolution (or aspect ratio where it has no resolution). */
  resolution: string;
  duration: string | number;
  /**
   * The settings only some models take (frame shape, seed, negative prompt), under the provider's
   * parameter names from the mapping table; absent ones are not sent.
   */
  extra: Record<string, string | number>;
  /** The picture of an image video, inline, so no URL to our storage is handed out. */
  imageDataUri: string | null;
  /** Where the provider may announce the result, when this deployment has a public URL. */
  webhookUrl: string | null;
}

export type ProviderStatus =
  { state: 'queued' | 'running'; progress: number | null } | { state: 'succeeded'; videoUrl: string } | { state: 'failed'; code: FailureCode; detail: string };

/**
 * One hosted video API, reached through its official SDK. Methods throw ProviderError for
 * answers the engine must react to (refusals, limits, outages, garbage).
 */
export interface ProviderAdapter {
  readonly name: ProviderName;
  submit(job: ProviderJob): Promise<string>;
  status(model: string, requestId: string): Promise<ProviderStatus>;
  cancel(model: string, requestId: string): Promise<void>;
}

export type ProviderErrorKind =
  /** The key is wrong or revoked: nothing will work until an operator fixes it. */
  | 'auth'
  /** The provider refused the prompt or picture. */
  | 'content-policy'
  /** Too many requests: try again after `retryAfterMs`. */
  | 'rate-limited'
  /** 5xx, network failure, a malformed answer: worth a few more tries. */
  | 'unavailable'
  /** The request itself was refused for another reason; retrying will not help. */
  | 'rejected';

export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** Reads a Retry-After header (seconds or an HTTP date) as milliseconds from now. */
export function retryAfterMs(value: string | null | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
