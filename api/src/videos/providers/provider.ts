import type { FailureCode } from '../jobs.ts';
import type { CameraMotion } from '@reelmint/contract/generation-controls';
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
  /** The picture of an image video (or a text video's start frame), as a work file; each adapter sends it the way its provider takes it. */
  image: { path: string; mimeType: string } | null;
  /** The picture is a text video's start frame (sent as a keyframe where the SDK has that form), not an image video's source. */
  startFrame: boolean;
  /** The picture the clip ends on (an image video's end frame), where the model takes one. */
  endImage: { path: string; mimeType: string } | null;
  /** How the camera moves: through the model's camera parameter where it has one for it, else as words in the prompt. */
  cameraMotion: CameraMotion | null;
  /** Make the sound with the picture: the route is then a model with native audio (ProviderMapping.audioRoutes). */
  audio: boolean;
  /** Where the provider may announce the result, when this deployment has a public URL. */
  webhookUrl: string | null;
}

/**
 * What a model that needs a prompt is told of a picture sent without one (gen4.5 at Runway, Seedance
 * at fal): the picture itself, set in motion, and nothing else.
 */
export const IMAGE_PROMPT = 'Bring this picture to life with natural, gentle motion; keep its subject, framing and look.';

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
    /**
     * For a submit: the provider may have made the job though its answer never came (a timeout, a
     * dropped connection, a gateway error). Submitting again could pay for a second one.
     */
    readonly outcomeUnknown = false,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** Network failures that happen before a request reaches the provider: sending again cannot make a second job. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/** Whether a failed call never reached the provider: a refused or unresolvable connection, looked for along `cause`. */
export function neverSent(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && NOT_SENT.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Whether an HTTP status to a submit says the job was not made: a refusal (4xx) or an explicit
 * "not now" (429, 503). Other 5xx come from gateways and servers that may have made it first.
 */
export const statusMeansNotMade = (status: number): boolean => status < 500 || status === 503;

/** Reads a Retry-After header (seconds or an HTTP date) as milliseconds from now. */
export function retryAfterMs(value: string | null | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
