/**
 * Credit maths shared by the generator screen and the API, so a person is
 * always charged exactly what the screen showed.
 */
import { formatNumber } from './numbers.ts';

export const MODELS = ['v1.0', 'v2.0'] as const;
export const RESOLUTIONS = ['512p', '720p', '1080p'] as const;
export const DURATIONS = ['5s', '10s'] as const;
/** The frame's shape. Not priced: a 9:16 frame has as many pixels as 16:9 and a 1:1 one fewer. */
export const ASPECT_RATIOS = ['16:9', '9:16', '1:1'] as const;

export type VideoModel = (typeof MODELS)[number];
export type Resolution = (typeof RESOLUTIONS)[number];
export type Duration = (typeof DURATIONS)[number];
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

export const DEFAULT_ASPECT_RATIO: AspectRatio = '16:9';
/** Seeds are whole numbers from 0 to this (the largest 32-bit signed integer, which every database stores). */
export const SEED_MAX = 2_147_483_647;
export const NEGATIVE_PROMPT_MAX = 500;

export interface GenerationConfig {
  model: VideoModel;
  resolution: Resolution;
  duration: Duration;
  /** Absent means 16:9, the shape every video had before there was a choice. */
  aspectRatio?: AspectRatio;
  /** A sound track made with the picture (models with native audio); priced by AUDIO_FACTOR. */
  audio?: boolean;
}

/**
 * What steers a generation besides its priced settings: what to keep out of the picture, and the
 * seed that makes a result repeatable (a new random one when absent).
 */
export interface GenerationSteering {
  negativePrompt?: string;
  seed?: number;
}

export function isSeed(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= SEED_MAX;
}

export const MODEL_FACTOR: Record<VideoModel, number> = { 'v1.0': 1, 'v2.0': 1.5 };
export const RESOLUTION_FACTOR: Record<Resolution, number> = { '512p': 1, '720p': 1.5, '1080p': 2 };
export const CREDITS_PER_SECOND = 2;
/** A clip with a generated sound track costs a quarter more. */
export const AUDIO_FACTOR = 1.25;

/** "5s" -> 5. Throws on anything that is not a whole number of seconds. */
export function durationSeconds(duration: string): number {
  const match = /^(\d{1,3})s$/.exec(duration);
  if (!match) throw new RangeError(`Invalid duration: ${duration}`);
  return Number(match[1]);
}

/** Cost = seconds x 2 x model factor x resolution factor (x audio factor with sound), rounded up, at least 1. */
export function creditCost(config: GenerationConfig): number {
  const raw =
    durationSeconds(config.duration) *
    CREDITS_PER_SECOND *
    MODEL_FACTOR[config.model] *
    RESOLUTION_FACTOR[config.resolution] *
    (config.audio ? AUDIO_FACTOR : 1);
  // Round to 6 places first so float noise (e.g. 45.00000000001) never costs an extra credit.
  return Math.max(1, Math.ceil(Number(raw.toFixed(6))));
}

/** A run makes one to this many videos (variations) from one request. */
export const VARIATIONS_MAX = 4;

export function isVariationCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= VARIATIONS_MAX;
}

/** What a run of `variations` videos with these settings costs: each variation at the price of one video, charged together. */
export function runCost(config: GenerationConfig, variations: number): number {
  if (!isVariationCount(variations)) throw new RangeError(`A run makes 1 to ${VARIATIONS_MAX} variations, not ${variations}`);
  return creditCost(config) * variations;
}

export type CreditLevel = 'good' | 'medium' | 'low';

/** good at 50 or more, medium 20 to 49, low below 20. */
export function creditLevel(balance: number): CreditLevel {
  if (balance >= 50) return 'good';
  if (balance >= 20) return 'medium';
  return 'low';
}

/** Below 10 the red low-credit warning panel shows. */
export const CRITICAL_CREDITS = 10;
export function isCriticallyLow(balance: number): boolean {
  return balance < CRITICAL_CREDITS;
}

/**
 * Above 999 the display abbreviates with k, always rounding down: a balance is never shown as more than
 * there is (1557 is 1.5k, not 1.6k; 999999 is 999k). Where money is decided, screens show the exact figure.
 */
export function formatCredits(balance: number, lng = 'en'): string {
  if (balance <= 999) return formatNumber(balance, lng, { useGrouping: false });
  // Tenths of a thousand below 100k, whole thousands from there, each cut rather than rounded.
  const tenths = balance < 100_000 ? Math.floor(balance / 100) / 10 : Math.floor(balance / 1000);
  return `${formatNumber(tenths, lng, { maximumFractionDigits: 1, useGrouping: false })}k`;
}

/** What can be done to a finished video. Editing is a Max feature (`advancedEditing`). */
export const EDIT_KINDS = ['trim', 'reframe', 'speed', 'merge', 'extend', 'upscale'] as const;
export type EditKind = (typeof EDIT_KINDS)[number];
/** Playback speeds a clip can be changed to; 1x would change nothing. */
export const EDIT_SPEEDS = [0.5, 0.75, 1.25, 1.5, 2] as const;
export type EditSpeed = (typeof EDIT_SPEEDS)[number];
/** Crop to the new shape around a focus point, or fit the whole picture over a blurred copy of itself. */
export const REFRAME_MODES = ['crop', 'fit'] as const;
export type ReframeMode = (typeof REFRAME_MODES)[number];
export const MERGE_TRANSITIONS = ['cut', 'crossfade'] as const;
export type MergeTransition = (typeof MERGE_TRANSITIONS)[number];
export const MERGE_MIN_CLIPS = 2;
export const MERGE_MAX_CLIPS = 10;
/** How long a crossfade between two merged clips lasts, in seconds. */
export const CROSSFADE_SECONDS = 0.5;
/** The shortest clip an edit may leave, in seconds. */
export const EDIT_MIN_SECONDS = 1;
/** The longest clip an edit may make, in seconds (ten merged clips of 10 s slowed down would be far more). */
export const EDIT_MAX_SECONDS = 120;

/**
 * Credits per edit. Trim, speed and reframe re-encode one clip on our own machine, so they cost a
 * little, by how much work they are; merge costs per clip joined; extend pays for the new
 * generation at the usual rate plus the join.
 */
export const EDIT_COSTS = { trim: 2, speed: 3, reframe: 4, mergePerClip: 2, extendJoin: 2 } as const;
/**
 * Upscaling redraws every frame at the bigger size, so it is priced by the clip's length and the resolution it
 * reaches: seconds x 0.5 x the target's resolution factor, rounded up (a 5 s clip to 720p costs 4, to 1080p 5).
 */
export const UPSCALE_CREDITS_PER_SECOND = 0.5;

export type EditCostInput =
  | { kind: 'trim' | 'speed' | 'reframe' }
  | { kind: 'merge'; clips: number }
  | { kind: 'extend'; model: VideoModel; resolution: Resolution; duration: Duration }
  | { kind: 'upscale'; seconds: number; resolution: Resolution };

export function editCost(edit: EditCostInput): number {
  switch (edit.kind) {
    case 'trim':
      return EDIT_COSTS.trim;
    case 'speed':
      return EDIT_COSTS.speed;
    case 'reframe':
      return EDIT_COSTS.reframe;
    case 'merge':
      return EDIT_COSTS.mergePerClip * edit.clips;
    case 'extend':
      return creditCost({ model: edit.model, resolution: edit.resolution, duration: edit.duration }) + EDIT_COSTS.extendJoin;
    case 'upscale':
      return Math.max(1, Math.ceil(Number((edit.seconds * UPSCALE_CREDITS_PER_SECOND * RESOLUTION_FACTOR[edit.resolution]).toFixed(6))));
  }
}

/** A length in seconds as stored on a video ("5s", "2.5s"): at most two decimals. */
export function formatSeconds(seconds: number): string {
  return `${Number(seconds.toFixed(2))}s`;
}

/** "5s" or "2.75s" -> seconds; null for anything else. */
export function parseSeconds(duration: string): number | null {
  const match = /^(\d{1,4}(?:\.\d{1,2})?)s$/.exec(duration);
  return match ? Number(match[1]) : null;
}
