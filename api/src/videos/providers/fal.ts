import { createHash, createPublicKey, randomUUID, verify } from 'node:crypto';
import type { JsonWebKey } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { ApiError, createFalClient } from '@fal-ai/client';
import type { FalClient, RetryOptions } from '@fal-ai/client';
import type {
  SeedanceImageToVideoInput,
  SeedanceProv15ImageToVideoInput,
  SeedanceProv15TextToVideoInput,
  SeedanceTextToVideoInput,
} from '@fal-ai/client/endpoints';
import { CAMERA_PROMPT_TERMS } from './mapping.ts';
import { IMAGE_PROMPT, ProviderError, neverSent, retryAfterMs, statusMeansNotMade } from './provider.ts';
import type { ProviderAdapter, ProviderJob, ProviderStatus } from './provider.ts';

export const FAL_QUEUE_ORIGIN = 'https://queue.fal.run';
export const FAL_JWKS_URL = 'https://rest.alpha.fal.ai/.well-known/jwks.json';

export interface FalOptions {
  key: string;
  /** Another origin for the queue API (a gateway, or the tests' stand-in server). */
  queueUrl?: string;
  /** Where fal publishes the public keys that sign its webhooks. */
  jwksUrl?: string;
  /** The SDK's retry settings for transient answers (429, 5xx) before the engine's own backoff. */
  retry?: Partial<RetryOptions>;
  /** How far a webhook's timestamp may be from now. */
  webhookToleranceSeconds?: number;
  /** How long one call (with the SDK's own retries) may take before it is given up (30 s). */
  timeoutMs?: number;
}

/**
 * The endpoints this site maps to at fal (api/README "Hosted video models"), each with its input type: Seedance 1.0
 * (an end frame on image videos, a fixed-camera switch), and Seedance 1.5 Pro for clips with sound (generate_audio).
 */
export const FAL_ENDPOINTS = {
  text: ['fal-ai/bytedance/seedance/v1/lite/text-to-video', 'fal-ai/bytedance/seedance/v1/pro/text-to-video'],
  image: ['fal-ai/bytedance/seedance/v1/lite/image-to-video', 'fal-ai/bytedance/seedance/v1/pro/image-to-video'],
  audioText: ['fal-ai/bytedance/seedance/v1.5/pro/text-to-video'],
  audioImage: ['fal-ai/bytedance/seedance/v1.5/pro/image-to-video'],
} as const;

const RESOLUTIONS = ['480p', '720p', '1080p'] as const;
const DURATIONS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'] as const;
const AUDIO_DURATIONS = ['4', '5', '6', '7', '8', '9', '10', '11', '12'] as const;
const TEXT_SHAPES = ['21:9', '16:9', '4:3', '1:1', '3:4', '9:16', '9:21'] as const;
const IMAGE_SHAPES = ['21:9', '16:9', '4:3', '1:1', '3:4', '9:16', 'auto'] as const;

function oneOf<T extends string>(allowed: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && allowed.some((item) => item === value);
}

/**
 * Marks the request of one submit, so the client's fetch can tell the SDK's own retries of it
 * apart (the SDK resends a submit after a dropped connection or a gateway error, which may have
 * made the job already). Taken off before the request leaves.
 */
const SUBMISSION_HEADER = 'x-reelmint-submission';

/** What the fetch answers a retry of a submit whose first answer was lost: the SDK does not retry it. */
class SubmitNotRepeated extends Error {
  constructor() {
    super("The first submit's answer was lost; it was not sent again");
    this.name = 'SubmitNotRepeated';
  }
}

/** How long the webhook keys are kept before they are fetched again. */
const JWKS_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * fal.ai through @fal-ai/client's queue API: submit (with a webhook when the API has a public URL),
 * status, result and cancel. Answers are translated into ProviderError kinds for the engine.
 */
export class FalAdapter implements ProviderAdapter {
  readonly name = 'fal';
  private readonly client: FalClient;
  /** The last Retry-After fal sent with a 429; the SDK's error does not carry headers. */
  private lastRetryAfterMs: number | null = null;
  private jwks: { keys: JsonWebKey[]; fetchedAt: number } | null = null;
  /** Submits whose request went out and whose answer may have been lost: never sent again. */
  private readonly unanswered = new Set<string>();

  constructor(private readonly options: FalOptions) {
    const queueUrl = options.queueUrl?.replace(/\/$/, '');
    this.client = createFalClient({
      credentials: options.key,
      ...(options.retry ? { retry: options.retry } : {}),
      ...(queueUrl ? { requestMiddleware: async (request) => ({ ...request, url: request.url.replace(FAL_QUEUE_ORIGIN, queueUrl) }) } : {}),
      fetch: async (input, init) => {
        const headers = new Headers(init?.headers);
        const submission = headers.get(SUBMISSION_HEADER);
        if (submission) {
          if (this.unanswered.has(submission)) throw new SubmitNotRepeated();
          headers.delete(SUBMISSION_HEADER);
        }
        let response: Response;
        try {
          response = await fetch(input, { ...init, headers });
        } catch (error) {
          if (submission && !neverSent(error)) this.unanswered.add(submission);
          throw error;
        }
        if (submission && !response.ok && !statusMeansNotMade(response.status)) this.unanswered.add(submission);
        if (response.status === 429) this.lastRetryAfterMs = retryAfterMs(response.headers.get('retry-after'));
        return response;
      },
    });
  }

  private get timeout(): AbortSignal {
    return AbortSignal.timeout(this.options.timeoutMs ?? 30_000);
  }

  async submit(job: ProviderJob): Promise<string> {
    const submission = randomUUID();
    const common = {
      headers: { [SUBMISSION_HEADER]: submission },
      abortSignal: this.timeout,
      ...(job.webhookUrl ? { webhookUrl: job.webhookUrl } : {}),
    };
    try {
      const queued = job.audio
        ? job.image
          ? await this.client.queue.submit(endpoint('audioImage', job.model), { input: await audioImageInput(job), ...common })
          : await this.client.queue.submit(endpoint('audioText', job.model), { input: audioTextInput(job), ...common })
        : job.image
          ? await this.client.queue.submit(endpoint('image', job.model), { input: await imageInput(job), ...common })
          : await this.client.queue.submit(endpoint('text', job.model), { input: textInput(job), ...common });
      if (!queued || typeof queued.request_id !== 'string' || !queued.request_id) {
        throw new ProviderError('unavailable', 'fal answered the submit without a request id', null, true);
      }
      return queued.request_id;
    } catch (error) {
      const translated = this.translate(error);
      // Not made for sure: refused before it left, or answered with a refusal or "not now".
      const notMade = !this.unanswered.has(submission) && (error instanceof ApiError ? statusMeansNotMade(error.status) : neverSent(error));
      if (notMade || translated.kind !== 'unavailable' || translated.outcomeUnknown) throw translated;
      throw new ProviderError(translated.kind, translated.message, translated.retryAfterMs, true);
    } finally {
      this.unanswered.delete(submission);
    }
  }

  async status(model: string, requestId: string): Promise<ProviderStatus> {
    const status = await this.call(() => this.client.queue.status(model, { requestId, logs: false, abortSignal: this.timeout }));
    switch (status?.status) {
      case 'IN_QUEUE':
        return { state: 'queued', progress: null };
      case 'IN_PROGRESS':
        return { state: 'running', progress: null };
      case 'COMPLETED':
        break;
      default:
        throw new ProviderError('unavailable', `fal answered the status with ${JSON.stringify(status).slice(0, 200)}`);
    }
    let result;
    try {
      result = await this.call(() => this.client.queue.result(model, { requestId, abortSignal: this.timeout }));
    } catch (error) {
      // A finished request whose result is a refusal or an error is a final answer, not an outage.
      if (error instanceof ProviderError && (error.kind === 'content-policy' || error.kind === 'rejected')) {
        return { state: 'failed', code: error.kind === 'content-policy' ? 'CONTENT_POLICY' : 'RENDER_FAILED', detail: error.message };
      }
      throw error;
    }
    const url = (result?.data as { video?: { url?: unknown } } | undefined)?.video?.url;
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) {
      return { state: 'failed', code: 'RENDER_FAILED', detail: 'fal finished without a video URL' };
    }
    return { state: 'succeeded', videoUrl: url };
  }

  async cancel(model: string, requestId: string): Promise<void> {
    await this.call(() => this.client.queue.cancel(model, { requestId, abortSignal: this.timeout }));
  }

  /**
   * Checks a webhook's signature (ED25519 over request id, user id, timestamp and the body's
   * SHA-256, with fal's published keys) and returns the request id it is about, or null.
   */
  async verifyWebhook(headers: Record<string, string | string[] | undefined>, body: Buffer): Promise<string | null> {
    const header = (name: string) => {
      const value = headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    const requestId = header('x-fal-webhook-request-id');
    const userId = header('x-fal-webhook-user-id');
    const timestamp = header('x-fal-webhook-timestamp');
    const signature = header('x-fal-webhook-signature');
    if (!requestId || !userId || !timestamp || !signature || !/^[0-9a-f]+$/i.test(signature)) return null;
    const tolerance = this.options.webhookToleranceSeconds ?? 300;
    if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > tolerance) return null;
    const message = Buffer.from([requestId, userId, timestamp, createHash('sha256').update(body).digest('hex')].join('\n'));
    const signatureBytes = Buffer.from(signature, 'hex');
    for (const jwk of await this.webhookKeys()) {
      try {
        if (verify(null, message, createPublicKey({ key: jwk, format: 'jwk' }), signatureBytes)) return requestId;
      } catch {
        // A key of another type or a malformed one cannot have signed this; try the next.
      }
    }
    return null;
  }

  private async webhookKeys(): Promise<JsonWebKey[]> {
    if (this.jwks && Date.now() - this.jwks.fetchedAt < JWKS_TTL_MS) return this.jwks.keys;
    const response = await fetch(this.options.jwksUrl ?? FAL_JWKS_URL, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`fal's webhook keys could not be fetched (HTTP ${response.status})`);
    const keys = ((await response.json()) as { keys?: JsonWebKey[] }).keys;
    if (!Array.isArray(keys)) throw new Error('fal published no webhook keys');
    this.jwks = { keys, fetchedAt: Date.now() };
    return keys;
  }

  private async call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw this.translate(error);
    }
  }

  private translate(error: unknown): ProviderError {
    if (error instanceof ProviderError) return error;
    if (error instanceof ApiError) {
      const status = error.status;
      const detail = describe(error.body) ?? error.message;
      if (status === 401 || status === 403) return new ProviderError('auth', `fal refused the key (HTTP ${status})`);
      if (status === 429) return new ProviderError('rate-limited', 'fal is rate limiting us', this.lastRetryAfterMs);
      if (status === 422) {
        return /content.?policy|nsfw|safety|moderat/i.test(JSON.stringify(error.body ?? ''))
          ? new ProviderError('content-policy', detail)
          : new ProviderError('rejected', detail);
      }
      if (status === 408 || status >= 500) return new ProviderError('unavailable', `fal answered HTTP ${status}: ${detail}`);
      return new ProviderError('rejected', `fal answered HTTP ${status}: ${detail}`);
    }
    // A body that is not JSON, a dropped connection, a timeout: all worth another try later.
    return new ProviderError('unavailable', error instanceof Error ? `${error.name}: ${error.message}` : 'fal could not be reached');
  }
}

/** The endpoint id, checked to be one of this kind, so the submit is typed by that endpoint's input. */
function endpoint<K extends keyof typeof FAL_ENDPOINTS>(kind: K, model: string): (typeof FAL_ENDPOINTS)[K][number] {
  const allowed: readonly (typeof FAL_ENDPOINTS)[K][number][] = FAL_ENDPOINTS[kind];
  if (!oneOf(allowed, model)) throw new ProviderError('rejected', `fal's ${model} is not a ${kind} endpoint this site maps to`);
  return model;
}

/**
 * The camera motion at Seedance: its one camera parameter fixes the camera (static); every other motion is written
 * into the prompt in the words the model follows.
 */
function camera(job: ProviderJob, prompt: string): { prompt: string; camera_fixed?: boolean } {
  if (!job.cameraMotion) return { prompt };
  if (job.cameraMotion === 'static') return { prompt, camera_fixed: true };
  return { prompt: `${prompt.trim()} ${CAMERA_PROMPT_TERMS[job.cameraMotion]}`.trim() };
}

const dataUri = async (image: { path: string; mimeType: string }) => `data:${image.mimeType};base64,${(await readFile(image.path)).toString('base64')}`;

/** The settings every Seedance endpoint takes, checked against its input type. */
function common(job: ProviderJob) {
  const duration = String(job.duration);
  if (!oneOf(RESOLUTIONS, job.resolution)) throw new ProviderError('rejected', `Seedance makes ${RESOLUTIONS.join(', ')}, not ${job.resolution}`);
  if (!oneOf(DURATIONS, duration)) throw new ProviderError('rejected', `Seedance makes clips of 2 to 12 seconds, not ${duration}`);
  return { resolution: job.resolution, duration, ...(typeof job.extra.seed === 'number' ? { seed: job.extra.seed } : {}) };
}

/** The text-to-video input, typed by the fal client for the Seedance endpoints. */
export function textInput(job: ProviderJob): SeedanceTextToVideoInput {
  const shape = job.extra.aspect_ratio;
  if (shape !== undefined && !oneOf(TEXT_SHAPES, shape)) throw new ProviderError('rejected', `Seedance makes no ${String(shape)} text videos`);
  return { ...camera(job, job.prompt), ...common(job), ...(shape === undefined ? {} : { aspect_ratio: shape }) };
}

/** The image-to-video input: the picture inline as a data URI (fal reads it; no URL to our storage leaves). */
export async function imageInput(job: ProviderJob): Promise<SeedanceImageToVideoInput> {
  const shape = job.extra.aspect_ratio;
  if (shape !== undefined && !oneOf(IMAGE_SHAPES, shape)) throw new ProviderError('rejected', `Seedance makes no ${String(shape)} image videos`);
  return {
    ...camera(job, job.prompt.trim() || IMAGE_PROMPT),
    image_url: await dataUri(job.image!),
    ...(job.endImage ? { end_image_url: await dataUri(job.endImage) } : {}),
    ...common(job),
    ...(shape === undefined ? {} : { aspect_ratio: shape }),
  };
}

/** What Seedance 1.5 Pro takes besides the picture: its durations start at 4 s, and the sound is asked for in so many words. */
function withSound(job: ProviderJob) {
  const duration = String(job.duration);
  if (!oneOf(AUDIO_DURATIONS, duration)) throw new ProviderError('rejected', `Seedance 1.5 makes clips of 4 to 12 seconds, not ${duration}`);
  const { resolution, seed } = { ...common(job) };
  const shape = job.extra.aspect_ratio;
  if (shape !== undefined && !oneOf(IMAGE_SHAPES, shape)) throw new ProviderError('rejected', `Seedance 1.5 makes no ${String(shape)} videos`);
  return {
    resolution,
    duration,
    generate_audio: job.audio,
    ...(seed === undefined ? {} : { seed }),
    ...(shape === undefined ? {} : { aspect_ratio: shape }),
  };
}

/** A text video with sound, typed by the fal client for Seedance 1.5 Pro. */
export function audioTextInput(job: ProviderJob): SeedanceProv15TextToVideoInput {
  return { ...camera(job, job.prompt), ...withSound(job) };
}

/** An image video with sound (and an end frame when given), typed by the fal client for Seedance 1.5 Pro. */
export async function audioImageInput(job: ProviderJob): Promise<SeedanceProv15ImageToVideoInput> {
  return {
    ...camera(job, job.prompt.trim() || IMAGE_PROMPT),
    image_url: await dataUri(job.image!),
    ...(job.endImage ? { end_image_url: await dataUri(job.endImage) } : {}),
    ...withSound(job),
  };
}

/** The first human-readable message in a fal error body. */
function describe(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const detail = (body as { detail?: unknown }).detail;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    const first = detail[0] as { msg?: unknown } | undefined;
    if (first && typeof first.msg === 'string') return first.msg;
  }
  const message = (body as { message?: unknown }).message;
  return typeof message === 'string' ? message : null;
}
