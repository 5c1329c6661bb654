import { isVariationCount } from '@reelmint/shared';
import type { GenerationConfig } from '@reelmint/shared';
import { isGenerationConfig, withShape } from './settings.ts';

/**
 * The draft lives in sessionStorage so it survives the trip to /auth and back, a reload, and a
 * visit to another page, but not into another tab or a later visit.
 */
const DRAFT_KEY = 'reelmint:generator:draft';
const IMAGE_KEY = 'reelmint:generator:draft-image';
const JOB_KEY = 'reelmint:generator:job';
/** Every video of the followed job's run (its variations), so a reload still knows the others are being made. */
const RUN_KEY = 'reelmint:generator:run';

/**
 * Above this many characters an uploaded picture is kept by its server id alone: the data URL of a
 * 10 MB picture is ~13 MB of text, too big to copy into storage (the preview is lost on reload, the
 * picture itself is not).
 */
export const PREVIEW_MAX_CHARS = 512 * 1024;

export interface DraftImage {
  /** The server's id once uploaded; absent while the picture only exists in this browser. */
  uploadId?: string;
  name: string;
  /**
   * A data URL: the picture itself while it is not uploaded (so it can go up after sign-in), and
   * afterwards only a preview, kept when small.
   */
  dataUrl?: string;
}

/** The words and settings, saved on every change; cheap because the picture is stored apart. */
export interface DraftText {
  prompt: string;
  config: GenerationConfig;
  /** What to keep out of the video, as typed. */
  negativePrompt?: string;
  /** The seed as typed (empty for a random one), so a half-typed value survives a reload too. */
  seed?: string;
  templateId?: string;
  templateTitle?: string;
  /** How many variations Generate makes. */
  variations?: number;
}

export interface Draft extends DraftText {
  image?: DraftImage;
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function loadImage(store: Storage): DraftImage | undefined {
  try {
    const value = JSON.parse(store.getItem(IMAGE_KEY) ?? 'null') as Partial<DraftImage> | null;
    if (!value || typeof value.name !== 'string') return undefined;
    // Without an id or the picture's bytes there is nothing to show or send.
    if (typeof value.uploadId !== 'string' && typeof value.dataUrl !== 'string') return undefined;
    return value as DraftImage;
  } catch {
    return undefined;
  }
}

export function loadDraft(): Draft | null {
  try {
    const store = storage();
    const raw = store?.getItem(DRAFT_KEY);
    if (!store || !raw) return null;
    const value = JSON.parse(raw) as Partial<DraftText>;
    if (typeof value.prompt !== 'string' || !isGenerationConfig(value.config)) return null;
    const image = loadImage(store);
    return {
      prompt: value.prompt,
      config: withShape(value.config),
      ...(typeof value.negativePrompt === 'string' ? { negativePrompt: value.negativePrompt } : {}),
      ...(typeof value.seed === 'string' ? { seed: value.seed } : {}),
      ...(typeof value.templateId === 'string' ? { templateId: value.templateId } : {}),
      ...(typeof value.templateTitle === 'string' ? { templateTitle: value.templateTitle } : {}),
      ...(isVariationCount(value.variations) ? { variations: value.variations } : {}),
      ...(image ? { image } : {}),
    };
  } catch {
    return null;
  }
}

/** Saves the words and settings. */
export function saveDraft(draft: DraftText): void {
  try {
    storage()?.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage is full or blocked: the draft stays in memory for this visit only.
  }
}

/**
 * Saves the picture; call it when the picture changes, not on every keystroke. Over the quota it
 * tries once more with the server id alone, then forgets the picture rather than keep a stale one.
 */
export function saveDraftImage(image: DraftImage | null): void {
  const store = storage();
  if (!store) return;
  const reference = image?.uploadId ? { name: image.name, uploadId: image.uploadId } : null;
  const attempts: DraftImage[] = [];
  if (image) attempts.push(reference && (image.dataUrl?.length ?? 0) > PREVIEW_MAX_CHARS ? reference : image);
  if (reference && attempts[0] !== reference) attempts.push(reference);
  for (const attempt of attempts) {
    try {
      store.setItem(IMAGE_KEY, JSON.stringify(attempt));
      return;
    } catch {
      // Too big for the quota: the next attempt is smaller, and there is no attempt after the last.
    }
  }
  try {
    store.removeItem(IMAGE_KEY);
  } catch {
    // Blocked storage: nothing was kept, nothing to clear.
  }
}

/** The job being made, so leaving the page and coming back picks it up again. */
export function loadActiveJob(): string | null {
  return storage()?.getItem(JOB_KEY) ?? null;
}

/**
 * The videos of the active job's run (the job itself included), as saved with it; just the job when nothing was
 * saved, or what was saved belongs to another job or cannot be read.
 */
export function loadActiveRun(jobId: string): string[] {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(RUN_KEY) ?? 'null');
    if (Array.isArray(value) && value.every((id) => typeof id === 'string') && value.includes(jobId)) return value as string[];
  } catch {
    // Unreadable: the job alone is followed, as before runs were kept.
  }
  return [jobId];
}

/** Keeps the job being made (and every video of its run), or forgets both with `null`. */
export function saveActiveJob(id: string | null, run: readonly string[] = id ? [id] : []): void {
  const store = storage();
  if (!store) return;
  if (id) {
    store.setItem(JOB_KEY, id);
    store.setItem(RUN_KEY, JSON.stringify(run));
  } else {
    store.removeItem(JOB_KEY);
    store.removeItem(RUN_KEY);
  }
}
