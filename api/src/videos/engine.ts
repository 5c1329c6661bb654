import type { VideoEngineName } from '@reelmint/contract/video-api';
import type { AspectRatio, Resolution, VideoModel } from '@reelmint/contract/pricing';
import type { CameraMotion, ModelControls } from '@reelmint/contract/generation-controls';
import type { FailureCode } from './jobs.ts';

export interface RenderRequest {
  jobId: string;
  kind: 'text' | 'image';
  /** What the person asked for: a template is a text video from a ready prompt. */
  mode: 'text' | 'image' | 'template';
  prompt: string;
  /** Absolute path of the source picture, for kind 'image' (a text video's start frame is one too). */
  imagePath?: string;
  /** The picture at imagePath is a text video's start frame. */
  startFrame?: boolean;
  /** Absolute path of the picture the clip ends on (an image video's end frame). */
  endImagePath?: string;
  /** How the camera moves; the engine or model chooses when absent. */
  cameraMotion?: CameraMotion;
  /** Make a sound track with the picture. */
  audio?: boolean;
  model: string;
  resolution: Resolution;
  aspectRatio: AspectRatio;
  seconds: number;
  /** Makes the result repeatable: the local engine draws the same clip for the same seed and settings. */
  seed: number;
  /** What to keep out of the picture; only models read it (the local engine has none). */
  negativePrompt?: string;
  /** Shifts the colours of the text background, so templates look different from each other. */
  hue?: number;
  /** Where the engine writes `<jobId>.mp4` and `<jobId>.jpg`. */
  outputDir: string;
  /** A hosted provider's request id from an earlier attempt: follow it instead of submitting again. */
  resumeRef?: string;
  /**
   * Stores a reference on the job before a hosted engine sends its submit (`submitting:<job>`), so
   * that if the answer is lost, or the process dies before it arrives, no later attempt sends it
   * again. Answers false when the job is gone (deleted): nothing is sent then.
   */
  recordRef?: (ref: string) => Promise<boolean>;
  /**
   * The picture is the last frame of a clip this one continues (an extend edit): the first frame
   * must be that picture as it is, so the two join without a jump.
   */
  continuation?: boolean;
}

/** What a hosted job's reference reads while its submit is on its way (RenderRequest.recordRef): the outcome is not known yet. */
export const UNANSWERED_PREFIX = 'submitting:';

export type EngineStatus =
  /** `ref`: the provider's request id once it is known, stored on the job. */
  | { state: 'running'; progress: number; ref?: string }
  /** `costCents`: what a hosted provider charged for it. */
  | { state: 'succeeded'; videoFile: string; posterFile: string; costCents?: number }
  /** `error` is for the log; `code` (RENDER_FAILED when absent) is what the person is told. */
  | { state: 'failed'; error: string; code?: FailureCode };

/**
 * A video generator: submit a job, then poll it. The local ffmpeg engine and a hosted model
 * provider both fit behind this.
 */
export interface VideoEngine {
  readonly name: VideoEngineName;
  /** Whether this engine makes frames of this shape for these settings; absent means every shape. */
  offersAspectRatio?(model: string, mode: RenderRequest['mode'], aspectRatio: AspectRatio): boolean;
  /** What this engine can send for a model, when it is less than the contract's table (MODEL_CONTROLS); absent means all of it. */
  controls?(model: VideoModel): ModelControls;
  submit(request: RenderRequest): Promise<string>;
  poll(ref: string): Promise<EngineStatus>;
  cancel(ref: string): Promise<void>;
}

/** 16:9 frame sizes, with even dimensions, which libx264's yuv420p needs. */
export const FRAME_SIZE: Record<Resolution, { width: number; height: number }> = {
  '512p': { width: 912, height: 512 },
  '720p': { width: 1280, height: 720 },
  '1080p': { width: 1920, height: 1080 },
};

/** The frame for a resolution and shape: the resolution names the short side (512p 9:16 is 512x912, 1:1 is 512x512). */
export function frameSize(resolution: Resolution, aspectRatio: AspectRatio): { width: number; height: number } {
  const { width, height } = FRAME_SIZE[resolution];
  if (aspectRatio === '9:16') return { width: height, height: width };
  if (aspectRatio === '1:1') return { width: height, height };
  return { width, height };
}
