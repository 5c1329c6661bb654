import RunwayML, { APIError } from '@runwayml/sdk';
import type { ImageToVideoCreateParams } from '@runwayml/sdk/resources/image-to-video';
import type { TextToVideoCreateParams } from '@runwayml/sdk/resources/text-to-video';
import { ProviderError, retryAfterMs } from './provider.ts';
import type { ProviderAdapter, ProviderJob, ProviderStatus } from './provider.ts';

export interface RunwayOptions {
  apiKey: string;
  /** Another API origin (the tests' stand-in server); unset is Runway's own. */
  baseURL?: string;
}

/**
 * Runway through @runwayml/sdk: text_to_video or image_to_video creates a task, tasks.retrieve
 * follows it (with real progress), tasks.delete cancels it. Runway sends no webhooks, so the
 * engine polls. The SDK's own retries are off: the engine backs off, honouring Retry-After.
 */
export class RunwayAdapter implements ProviderAdapter {
  readonly name = 'runway';
  private readonly client: RunwayML;

  constructor(options: RunwayOptions) {
    this.client = new RunwayML({ apiKey: options.apiKey, maxRetries: 0, timeout: 30_000, ...(options.baseURL ? { baseURL: options.baseURL } : {}) });
  }

  async submit(job: ProviderJob): Promise<string> {
    const duration = Number(job.duration);
    // The ratio and seed come from the mapping table under Runway's names (`ratio`, `seed`).
    const task = await this.call(() =>
      job.imageDataUri
        ? this.client.imageToVideo.create({
            model: job.model,
            promptImage: job.imageDataUri,
            promptText: job.prompt || undefined,
            ...job.extra,
            duration,
          } as ImageToVideoCreateParams)
        : this.client.textToVideo.create({ model: job.model, promptText: job.prompt, ...job.extra, duration } as TextToVideoCreateParams),
    );
    if (!task || typeof task.id !== 'string' || !task.id) throw new ProviderError('unavailable', 'Runway answered without a task id');
    return task.id;
  }

  async status(_model: string, requestId: string): Promise<ProviderStatus> {
    const task = await this.call(() => this.client.tasks.retrieve(requestId));
    switch (task?.status) {
      case 'PENDING':
      case 'THROTTLED':
        return { state: 'queued', progress: null };
      case 'RUNNING':
        return { state: 'running', progress: typeof task.progress === 'number' ? task.progress : null };
      case 'SUCCEEDED': {
        const url = Array.isArray(task.output) ? task.output[0] : undefined;
        if (typeof url !== 'string' || !/^https?:\/\//.test(url))
          return { state: 'failed', code: 'RENDER_FAILED', detail: 'Runway finished without a video URL' };
        return { state: 'succeeded', videoUrl: url };
      }
      case 'FAILED':
        // Runway's failure codes name moderation refusals SAFETY.*.
        return /^SAFETY/i.test(task.failureCode ?? '')
          ? { state: 'failed', code: 'CONTENT_POLICY', detail: task.failure }
          : { state: 'failed', code: 'RENDER_FAILED', detail: `${task.failureCode ?? 'FAILED'}: ${task.failure}` };
      case 'CANCELLED':
        return { state: 'failed', code: 'RENDER_FAILED', detail: 'The task was cancelled at Runway' };
      default:
        throw new ProviderError('unavailable', `Runway answered the task with ${JSON.stringify(task).slice(0, 200)}`);
    }
  }

  async cancel(_model: string, requestId: string): Promise<void> {
    await this.call(() => this.client.tasks.delete(requestId));
  }

  private async call<T>(work: () => PromiseLike<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw translate(error);
    }
  }
}

function translate(error: unknown): ProviderError {
  if (error instanceof APIError && typeof error.status === 'number') {
    const status = error.status;
    const detail = JSON.stringify(error.error ?? error.message).slice(0, 300);
    if (status === 401 || status === 403) return new ProviderError('auth', `Runway refused the key (HTTP ${status})`);
    if (status === 429) return new ProviderError('rate-limited', 'Runway is rate limiting us', retryAfterMs(error.headers?.get('retry-after')));
    if (status === 400 || status === 422) {
      return /moderation|safety|content.?policy/i.test(detail) ? new ProviderError('content-policy', detail) : new ProviderError('rejected', detail);
    }
    if (status === 408 || status >= 500) return new ProviderError('unavailable', `Runway answered HTTP ${status}`);
    return new ProviderError('rejected', `Runway answered HTTP ${status}: ${detail}`);
  }
  // Connection failures, timeouts and bodies that are not JSON: worth another try later.
  return new ProviderError('unavailable', error instanceof Error ? `${error.name}: ${error.message}` : 'Runway could not be reached');
}
