import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { AspectRatio, VideoModel } from '@reelmint/contract/pricing';
import type { ModelControls } from '@reelmint/contract/generation-controls';
import { UNANSWERED_PREFIX } from '../engine.ts';
import type { EngineStatus, RenderRequest, VideoEngine } from '../engine.ts';
import { probeDuration, runFfmpeg } from '../ffmpeg.ts';
import type { FailureCode } from '../jobs.ts';
import { mapSettings, offersAspectRatio, providerControls } from './mapping.ts';
import type { ProviderMapping } from './mapping.ts';
import { ProviderError } from './provider.ts';
import type { ProviderAdapter, ProviderJob } from './provider.ts';

export interface HostedEngineOptions {
  mapping: ProviderMapping;
  /** Base of this API's public URL, for the provider's webhook; null: polling only. */
  webhookBase: string | null;
  /** First status check after a submit, then the interval grows by half each time up to the cap. */
  pollIntervalMs: number;
  maxPollIntervalMs: number;
  /** Consecutive failed calls (5xx, network, garbage) before the job fails as unavailable. */
  maxFailures: number;
  /** A finished video larger than this is refused. */
  maxDownloadBytes: number;
  downloadTimeoutMs: number;
  log: { error(details: object, message: string): void };
}

export const DEFAULT_HOSTED_OPTIONS = {
  pollIntervalMs: 2_000,
  maxPollIntervalMs: 15_000,
  maxFailures: 5,
  maxDownloadBytes: 500 * 1024 * 1024,
  downloadTimeoutMs: 120_000,
};

interface HostedJob {
  request: RenderRequest;
  model: string;
  costCents: number;
  requestId: string | null;
  status: EngineStatus;
  nextCheckAt: number;
  checks: number;
  failures: number;
  busy: boolean;
  canceled: boolean;
}

/**
 * A hosted video model behind the engine interface. The worker polls it often (that is the job's
 * heartbeat); the provider is asked only when a check is due, with a growing interval, a
 * Retry-After honoured, and a webhook making the next check due at once. Calls run in the
 * background, so a slow provider never holds up the worker's heartbeat. A finished video is
 * downloaded into the work folder and gets a poster from ffmpeg; the provider's URL goes no further.
 */
export class HostedEngine implements VideoEngine {
  private readonly jobs = new Map<string, HostedJob>();

  constructor(
    readonly adapter: ProviderAdapter,
    private readonly options: HostedEngineOptions,
  ) {}

  get name() {
    return this.adapter.name;
  }

  offersAspectRatio(model: string, mode: RenderRequest['mode'], aspectRatio: AspectRatio): boolean {
    return offersAspectRatio(this.options.mapping, model as 'v1.0' | 'v2.0', mode, aspectRatio);
  }

  controls(model: VideoModel): ModelControls {
    return providerControls(this.options.mapping, model);
  }

  async submit(request: RenderRequest): Promise<string> {
    const mode = request.mode;
    const mapped = mapSettings(
      this.options.mapping,
      {
        model: request.model as 'v1.0' | 'v2.0',
        resolution: request.resolution,
        duration: `${request.seconds}s` as '5s' | '10s',
        ...(request.audio ? { audio: true } : {}),
      },
      mode,
    );
    // Keyed by the provider's id when resuming, so the id on the job row stays the provider's.
    const ref = request.resumeRef ?? `pending:${request.jobId}`;
    this.jobs.set(ref, {
      request,
      model: mapped.route.model,
      costCents: mapped.costCents,
      requestId: request.resumeRef ?? null,
      status: request.resumeRef ? { state: 'running', progress: 1, ref: request.resumeRef } : { state: 'running', progress: 0 },
      nextCheckAt: 0,
      checks: 0,
      failures: 0,
      busy: false,
      canceled: false,
    });
    return ref;
  }

  async poll(ref: string): Promise<EngineStatus> {
    const job = this.jobs.get(ref);
    if (!job) return { state: 'failed', error: 'The job was lost (the engine restarted)', code: 'INTERRUPTED' };
    if (job.status.state !== 'running') {
      this.jobs.delete(ref);
      return job.status;
    }
    if (!job.busy && Date.now() >= job.nextCheckAt) {
      job.busy = true;
      void this.step(job).finally(() => {
        job.busy = false;
      });
    }
    return job.status;
  }

  async cancel(ref: string): Promise<void> {
    const job = this.jobs.get(ref);
    if (!job) return;
    job.canceled = true;
    this.jobs.delete(ref);
    if (job.requestId) {
      await this.adapter
        .cancel(job.model, job.requestId)
        .catch((error: unknown) => this.options.log.error({ err: error, requestId: job.requestId }, 'provider cancel failed'));
    }
  }

  /** A verified webhook said this request changed: check it now instead of at the next interval. */
  nudge(requestId: string): boolean {
    for (const job of this.jobs.values()) {
      if (job.requestId === requestId) {
        job.nextCheckAt = 0;
        return true;
      }
    }
    return false;
  }

  private async step(job: HostedJob): Promise<void> {
    try {
      if (!job.requestId) {
        // Recorded before it is sent: a submit whose outcome is unknown is never sent again.
        if (job.request.recordRef && !(await job.request.recordRef(unansweredRef(job.request.jobId)))) {
          job.canceled = true;
          job.status = { state: 'failed', error: 'The job ended before it was submitted', code: 'RENDER_FAILED' };
          return;
        }
        const requestId = await this.adapter.submit(await this.providerJob(job));
        if (job.canceled) {
          await this.adapter.cancel(job.model, requestId).catch(() => undefined);
          return;
        }
        job.requestId = requestId;
        job.status = { state: 'running', progress: 1, ref: requestId };
        this.scheduleNext(job);
        return;
      }
      const status = await this.adapter.status(job.model, job.requestId);
      job.failures = 0;
      if (status.state === 'failed') {
        job.status = { state: 'failed', error: status.detail, code: status.code };
        return;
      }
      if (status.state === 'succeeded') {
        job.status = { state: 'running', progress: 95, ref: job.requestId };
        job.status = await this.download(job, status.videoUrl);
        return;
      }
      // Providers that report progress get it shown (scaled below the download's share); the
      // others show queued or started, never an invented percentage.
      const progress = status.progress === null ? (status.state === 'queued' ? 2 : 5) : Math.max(5, Math.min(94, Math.round(status.progress * 94)));
      job.status = { state: 'running', progress, ref: job.requestId };
      this.scheduleNext(job);
    } catch (error) {
      this.handle(job, error);
    }
  }

  private handle(job: HostedJob, error: unknown): void {
    const failed = (code: FailureCode, detail: string) => {
      job.status = { state: 'failed', error: detail, code };
    };
    const problem = error instanceof ProviderError ? error : new ProviderError('unavailable', error instanceof Error ? error.message : String(error));
    this.options.log.error({ err: problem, jobId: job.request.jobId, kind: problem.kind }, 'provider call failed');
    // The provider may have made the job though its answer was lost: a second submit could pay for two.
    // Without a way to look the request up at the provider, the job fails here and is refunded.
    if (!job.requestId && problem.outcomeUnknown) {
      return failed('PROVIDER_UNAVAILABLE', `The provider's answer to the submit was lost; it was not sent again: ${problem.message}`);
    }
    switch (problem.kind) {
      case 'auth':
        return failed('PROVIDER_UNAVAILABLE', `The provider refused our key: ${problem.message}`);
      case 'content-policy':
        return failed('CONTENT_POLICY', problem.message);
      case 'rejected':
        return failed('RENDER_FAILED', problem.message);
      case 'rate-limited':
        job.nextCheckAt = Date.now() + Math.max(problem.retryAfterMs ?? this.backoff(job.checks), 500);
        return;
      case 'unavailable':
        job.failures += 1;
        if (job.failures >= this.options.maxFailures) return failed('PROVIDER_UNAVAILABLE', problem.message);
        job.nextCheckAt = Date.now() + Math.min(this.options.maxPollIntervalMs, 500 * 2 ** job.failures);
        return;
    }
  }

  private scheduleNext(job: HostedJob): void {
    job.nextCheckAt = Date.now() + this.backoff(job.checks);
    job.checks += 1;
  }

  private backoff(checks: number): number {
    return Math.min(this.options.maxPollIntervalMs, Math.round(this.options.pollIntervalMs * 1.5 ** checks));
  }

  private async providerJob(job: HostedJob): Promise<ProviderJob> {
    const { request } = job;
    const mapped = mapSettings(
      this.options.mapping,
      {
        model: request.model as 'v1.0' | 'v2.0',
        resolution: request.resolution,
        duration: `${request.seconds}s` as '5s' | '10s',
        aspectRatio: request.aspectRatio,
        ...(request.audio ? { audio: true } : {}),
      },
      request.mode,
      { seed: request.seed, ...(request.negativePrompt ? { negativePrompt: request.negativePrompt } : {}) },
    );
    // The adapter sends the picture as its provider takes it (inline, or through its upload API): no
    // public URL to our storage is ever handed out.
    const image = request.kind === 'image' && request.imagePath ? { path: request.imagePath, mimeType: mimeOf(request.imagePath) } : null;
    const webhookUrl = this.options.webhookBase ? `${this.options.webhookBase}/api/videos/webhooks/${this.adapter.name}` : null;
    return {
      jobId: request.jobId,
      model: job.model,
      prompt: request.prompt,
      resolution: mapped.resolution,
      duration: mapped.duration,
      extra: mapped.extra,
      image,
      startFrame: request.startFrame === true,
      endImage: request.endImagePath ? { path: request.endImagePath, mimeType: mimeOf(request.endImagePath) } : null,
      cameraMotion: request.cameraMotion ?? null,
      audio: request.audio === true,
      webhookUrl,
    };
  }

  /** Fetches the finished video into the work folder, checks it is a video, and makes its poster. */
  private async download(job: HostedJob, url: string): Promise<EngineStatus> {
    const { jobId, outputDir } = job.request;
    const partial = join(outputDir, `${jobId}.part.mp4`);
    const videoFile = `${jobId}.mp4`;
    const posterFile = `${jobId}.jpg`;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(this.options.downloadTimeoutMs) });
      if (!response.ok || !response.body) {
        return { state: 'failed', error: `The finished video could not be fetched (HTTP ${response.status})`, code: 'RENDER_FAILED' };
      }
      let received = 0;
      const limit = this.options.maxDownloadBytes;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          received += chunk.length;
          callback(received > limit ? new Error('The finished video is larger than allowed') : null, chunk);
        },
      });
      await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), counter, createWriteStream(partial));
      const seconds = await probeDuration(partial);
      if (!seconds) return { state: 'failed', error: 'The provider returned something that is not a video', code: 'RENDER_FAILED' };
      await rename(partial, join(outputDir, videoFile));
      await runFfmpeg([
        '-y',
        '-ss',
        String(Math.min(1, seconds / 2)),
        '-i',
        join(outputDir, videoFile),
        '-frames:v',
        '1',
        '-q:v',
        '4',
        join(outputDir, posterFile),
      ]).done;
      return { state: 'succeeded', videoFile, posterFile, costCents: job.costCents };
    } catch (error) {
      await rm(join(outputDir, videoFile), { force: true });
      return { state: 'failed', error: error instanceof Error ? error.message : 'Download failed', code: 'RENDER_FAILED' };
    } finally {
      await rm(partial, { force: true });
    }
  }
}

const unansweredRef = (jobId: string) => `${UNANSWERED_PREFIX}${jobId}`;

function mimeOf(path: string): string {
  if (path.endsWith('.png')) return 'image/png';
  if (path.endsWith('.webp')) return 'image/webp';
  return 'image/jpeg';
}
