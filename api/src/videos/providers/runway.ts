import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import RunwayML, { APIError, toFile } from '@runwayml/sdk';
import type { ImageToVideoCreateParams } from '@runwayml/sdk/resources/image-to-video';
import type { TextToVideoCreateParams } from '@runwayml/sdk/resources/text-to-video';
import { CAMERA_PROMPT_TERMS } from './mapping.ts';
import { IMAGE_PROMPT, ProviderError, neverSent, retryAfterMs, statusMeansNotMade } from './provider.ts';
import type { ProviderAdapter, ProviderJob, ProviderStatus } from './provider.ts';

export interface RunwayOptions {
  apiKey: string;
  /** Another API origin (the tests' stand-in server); unset is Runway's own. */
  baseURL?: string;
  /** How long one call may take before it is given up (30 s). */
  timeoutMs?: number;
}

/**
 * The models this site maps to at Runway (api/README "Hosted video models"), each with the requests it takes. None
 * for sound: Runway's models with audio (veo3.1) make 4, 6 or 8 seconds, not the site's 5 or 10.
 */
export const RUNWAY_MODELS = { text: ['gen4.5'], image: ['gen4.5', 'gen4_turbo'], audioText: [], audioImage: [] } as const;

/** Runway takes a picture inline as a data URI up to this size, encoded; a larger one goes through its upload API. */
export const RUNWAY_INLINE_LIMIT = 5 * 1024 * 1024;

const IMAGE_RATIOS = ['1280:720', '720:1280', '1104:832', '960:960', '832:1104', '1584:672'] as const;
const TEXT_RATIOS = ['1280:720', '720:1280'] as const;

function oneOf<T extends string>(allowed: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && allowed.some((item) => item === value);
}

/**
 * Runway through @runwayml/sdk: text_to_video or image_to_video creates a task, tasks.retrieve
 * follows it (with real progress), tasks.delete cancels it. Runway sends no webhooks, so the
 * engine polls. The SDK's own retries are off: the engine backs off, honouring Retry-After, and
 * never sends a create again after an answer that may have been lost (Runway has no idempotency key).
 */
export class RunwayAdapter implements ProviderAdapter {
  readonly name = 'runway';
  private readonly client: RunwayML;

  constructor(options: RunwayOptions) {
    this.client = new RunwayML({
      apiKey: options.apiKey,
      maxRetries: 0,
      timeout: options.timeoutMs ?? 30_000,
      ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    });
  }

  async submit(job: ProviderJob): Promise<string> {
    // The mapping keeps end frames and sound away from Runway (ProviderMapping.lacks, audioRoutes); a job that still
    // asks for one is refused rather than made without it.
    if (job.endImage) throw new ProviderError('rejected', `Runway's ${job.model} takes a picture only as the first frame`);
    if (job.audio) throw new ProviderError('rejected', `Runway's ${job.model} makes no sound`);
    let task;
    if (job.image) {
      const params = imageParams(job, await this.promptImage(job.image), job.startFrame);
      task = await this.create(() => this.client.imageToVideo.create(params));
    } else {
      const params = textParams(job);
      task = await this.create(() => this.client.textToVideo.create(params));
    }
    if (!task || typeof task.id !== 'string' || !task.id) throw new ProviderError('unavailable', 'Runway answered without a task id', null, true);
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

  /** The picture inline when Runway takes it so, else through its upload API (an ephemeral runway:// URI). */
  private async promptImage(image: NonNullable<ProviderJob['image']>): Promise<string> {
    const bytes = await readFile(image.path);
    const dataUri = `data:${image.mimeType};base64,${bytes.toString('base64')}`;
    if (dataUri.length <= RUNWAY_INLINE_LIMIT) return dataUri;
    const file = await toFile(bytes, basename(image.path), { type: image.mimeType });
    return (await this.call(() => this.client.uploads.createEphemeral({ file }))).uri;
  }

  /** A create: a failure whose answer may have been lost says so, and the engine does not send it again. */
  private async create<T>(work: () => PromiseLike<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const translated = translate(error);
      const made = error instanceof APIError && typeof error.status === 'number' ? !statusMeansNotMade(error.status) : !neverSent(error);
      return Promise.reject(
        made && translated.kind === 'unavailable' ? new ProviderError(translated.kind, translated.message, translated.retryAfterMs, true) : translated,
      );
    }
  }

  private async call<T>(work: () => PromiseLike<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw translate(error);
    }
  }
}

/** Runway's image and text tasks have no camera parameter: the motion goes into the prompt. */
function promptOf(job: ProviderJob): string {
  const words = job.cameraMotion ? CAMERA_PROMPT_TERMS[job.cameraMotion] : '';
  return `${job.prompt.trim()} ${words}`.trim().slice(0, 1000);
}

const seedOf = (job: ProviderJob) => (typeof job.extra.seed === 'number' ? { seed: job.extra.seed } : {});

function durationOf(job: ProviderJob): number {
  const duration = Number(job.duration);
  if (!Number.isInteger(duration) || duration < 2 || duration > 10)
    throw new ProviderError('rejected', `Runway makes clips of 2 to 10 seconds, not ${job.duration}`);
  return duration;
}

/** The text-to-video request, typed by the SDK for the one model this site maps text videos to. */
export function textParams(job: ProviderJob): TextToVideoCreateParams {
  const ratio = job.extra.ratio;
  if (job.model !== 'gen4.5') throw new ProviderError('rejected', `Runway's ${job.model} is not a text-to-video model this site maps to (gen4.5)`);
  if (!oneOf(TEXT_RATIOS, ratio)) throw new ProviderError('rejected', `gen4.5 makes text videos at ${TEXT_RATIOS.join(' or ')}, not ${String(ratio)}`);
  if (!job.prompt.trim()) throw new ProviderError('rejected', 'gen4.5 needs a prompt');
  return { model: 'gen4.5', promptText: promptOf(job), ratio, duration: durationOf(job), ...seedOf(job) };
}

/**
 * The image-to-video request, typed by the SDK per model: gen4.5 always with a prompt, gen4_turbo with one when given.
 * A text video's start frame (`startFrame`) goes as the SDK's keyframe form, the picture at position "first".
 */
export function imageParams(job: ProviderJob, uri: string, startFrame = false): ImageToVideoCreateParams {
  const ratio = job.extra.ratio;
  if (!oneOf(IMAGE_RATIOS, ratio)) throw new ProviderError('rejected', `Runway makes image videos at ${IMAGE_RATIOS.join(', ')}, not ${String(ratio)}`);
  const prompt = promptOf(job);
  const first = { uri, position: 'first' as const };
  switch (job.model) {
    case 'gen4.5':
      return { model: 'gen4.5', promptImage: startFrame ? [first] : uri, promptText: prompt || IMAGE_PROMPT, ratio, duration: durationOf(job), ...seedOf(job) };
    case 'gen4_turbo':
      return {
        model: 'gen4_turbo',
        promptImage: startFrame ? [first] : uri,
        ratio,
        duration: durationOf(job),
        ...(prompt ? { promptText: prompt } : {}),
        ...seedOf(job),
      };
    default:
      throw new ProviderError('rejected', `Runway's ${job.model} is not an image-to-video model this site maps to (${RUNWAY_MODELS.image.join(', ')})`);
  }
}

function translate(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
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
