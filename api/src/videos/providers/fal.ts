import { createHash, createPublicKey, verify } from 'node:crypto';
import type { JsonWebKey } from 'node:crypto';
import { ApiError, createFalClient } from '@fal-ai/client';
import type { FalClient, RetryOptions } from '@fal-ai/client';
import { ProviderError, retryAfterMs } from './provider.ts';
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

  constructor(private readonly options: FalOptions) {
    const queueUrl = options.queueUrl?.replace(/\/$/, '');
    this.client = createFalClient({
      credentials: options.key,
      ...(options.retry ? { retry: options.retry } : {}),
      ...(queueUrl ? { requestMiddleware: async (request) => ({ ...request, url: request.url.replace(FAL_QUEUE_ORIGIN, queueUrl) }) } : {}),
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        if (response.status === 429) this.lastRetryAfterMs = retryAfterMs(response.headers.get('retry-after'));
        return response;
      },
    });
  }

  async submit(job: ProviderJob): Promise<string> {
    const input: Record<string, unknown> = { prompt: job.prompt, resolution: job.resolution, duration: String(job.duration), ...job.extra };
    if (job.imageDataUri) input.image_url = job.imageDataUri;
    const queued = await this.call(() => this.client.queue.submit(job.model, { input, ...(job.webhookUrl ? { webhookUrl: job.webhookUrl } : {}) }));
    if (!queued || typeof queued.request_id !== 'string' || !queued.request_id) {
      throw new ProviderError('unavailable', 'fal answered the submit without a request id');
    }
    return queued.request_id;
  }

  async status(model: string, requestId: string): Promise<ProviderStatus> {
    const status = await this.call(() => this.client.queue.status(model, { requestId, logs: false }));
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
      result = await this.call(() => this.client.queue.result(model, { requestId }));
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
    await this.call(() => this.client.queue.cancel(model, { requestId }));
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
