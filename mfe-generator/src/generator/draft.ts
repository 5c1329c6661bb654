import type { GenerationConfig } from '@reelmint/shared';
import { isGenerationConfig } from './settings.ts';

/**
 * The draft lives in sessionStorage so it survives the trip to /auth and back, a reload, and a
 * visit to another page, but not into another tab or a later visit.
 */
const DRAFT_KEY = 'reelmint:generator:draft';
const JOB_KEY = 'reelmint:generator:job';

export interface DraftImage {
  /** The server's id once uploaded; absent while the picture only exists in this browser. */
  uploadId?: string;
  name: string;
  /** A data URL, so the preview (and a not yet uploaded picture) survives a reload. */
  dataUrl: string;
}

export interface Draft {
  prompt: string;
  config: GenerationConfig;
  templateId?: string;
  templateTitle?: string;
  image?: DraftImage;
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function loadDraft(): Draft | null {
  try {
    const raw = storage()?.getItem(DRAFT_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Draft>;
    if (typeof value.prompt !== 'string' || !isGenerationConfig(value.config)) return null;
    return value as Draft;
  } catch {
    return null;
  }
}

/** Saves the draft; a picture too big for the storage quota is dropped rather than losing the rest. */
export function saveDraft(draft: Draft): void {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    try {
      store.setItem(DRAFT_KEY, JSON.stringify({ ...draft, image: undefined }));
    } catch {
      // Storage is full or blocked: the draft stays in memory for this visit only.
    }
  }
}

/** The job being made, so leaving the page and coming back picks it up again. */
export function loadActiveJob(): string | null {
  return storage()?.getItem(JOB_KEY) ?? null;
}

export function saveActiveJob(id: string | null): void {
  const store = storage();
  if (!store) return;
  if (id) store.setItem(JOB_KEY, id);
  else store.removeItem(JOB_KEY);
}
