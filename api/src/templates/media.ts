import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { MediaStorage } from '../storage/storage.ts';
import type { TemplateDefinition } from './catalogue.ts';
import { TEMPLATES } from './catalogue.ts';
import { sceneFilter } from '../videos/local-engine.ts';
import { runFfmpeg } from '../videos/ffmpeg.ts';

/** Preview clips are short and small: they loop in a gallery card. */
const PREVIEW_SECONDS = 3;

/** How long "not rendered yet" is believed before storage is asked again (a HEAD on a bucket). */
const MISSING_TTL_MS = 5_000;

/**
 * Posters and preview clips of the templates, made by the local renderer into media storage
 * (shared by every API process when it is a bucket).
 * The list never waits for them: a poster is rendered on first request (one frame, well under a
 * second), a preview clip is rendered in the background at start and answers 404 until ready.
 */
export class TemplateMedia {
  private readonly pending = new Map<string, Promise<string>>();
  private background: Promise<void> | null = null;
  private stopped = false;
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  /** Keys known to be in storage: they are never removed, so one positive answer is enough. */
  private readonly known = new Set<string>();
  private readonly missingSince = new Map<string, number>();

  /** `workDir` is where renders are written on this machine before they go into storage. */
  constructor(
    private readonly storage: MediaStorage,
    private readonly workDir: string,
  ) {}

  // Without a caption since the gallery shows each template's title in the page's language beside its media; the
  // '-plain' keys leave behind the earlier files, which had the English title drawn in (stored files are never replaced).
  posterKey(t: TemplateDefinition): string {
    return `templates/${t.id}-plain.jpg`;
  }

  previewKey(t: TemplateDefinition): string {
    return `templates/${t.id}-plain.mp4`;
  }

  async previewReady(t: TemplateDefinition): Promise<boolean> {
    return this.stored(this.previewKey(t));
  }

  /**
   * The poster's storage key, rendering it first if needed. Concurrent requests for one poster
   * share a render, and at most two renders run at once, so a gallery opening on a fresh server
   * does not start a dozen ffmpeg processes together.
   */
  async poster(t: TemplateDefinition): Promise<string> {
    const key = this.posterKey(t);
    if (await this.stored(key)) return key;
    return this.once(`poster:${t.id}`, () => this.limited(() => this.renderFile(t, key, true)));
  }

  /** Renders missing posters, then missing preview clips, one at a time in the background. */
  renderInBackground(onError: (error: unknown) => void): void {
    this.background ??= (async () => {
      const jobs = [
        ...TEMPLATES.map((t) => () => this.poster(t)),
        ...TEMPLATES.map((t) => async () => {
          const key = this.previewKey(t);
          if (!(await this.stored(key, true))) await this.once(`preview:${t.id}`, () => this.renderFile(t, key, false));
        }),
      ];
      for (const job of jobs) {
        if (this.stopped) return;
        try {
          await job();
        } catch (error) {
          onError(error);
        }
      }
    })();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.background;
  }

  private async limited<T>(work: () => Promise<T>): Promise<T> {
    while (this.running >= 2) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running += 1;
    try {
      return await work();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }

  private once(key: string, work: () => Promise<string>): Promise<string> {
    let running = this.pending.get(key);
    if (!running) {
      running = work().finally(() => this.pending.delete(key));
      this.pending.set(key, running);
    }
    return running;
  }

  private async stored(key: string, fresh = false): Promise<boolean> {
    if (this.known.has(key)) return true;
    const checked = this.missingSince.get(key);
    if (!fresh && checked !== undefined && Date.now() - checked < MISSING_TTL_MS) return false;
    const found = await this.storage.exists(key);
    if (found) {
      this.known.add(key);
      this.missingSince.delete(key);
    } else {
      this.missingSince.set(key, Date.now());
    }
    return found;
  }

  private async renderFile(t: TemplateDefinition, key: string, poster: boolean): Promise<string> {
    await mkdir(this.workDir, { recursive: true });
    const target = join(this.workDir, key.slice(key.lastIndexOf('/') + 1));
    const partial = poster ? `${target}.part.jpg` : `${target}.part.mp4`;
    const seconds = poster ? 1.2 : PREVIEW_SECONDS;
    try {
      const filter = sceneFilter(
        {
          jobId: t.id,
          kind: 'text',
          mode: 'template',
          prompt: t.title,
          model: t.settings.model,
          resolution: '512p',
          aspectRatio: '16:9',
          seconds,
          seed: 0,
          hue: t.hue,
          outputDir: this.workDir,
        },
        null,
      );
      const output = poster
        ? ['-ss', '1', '-frames:v', '1', '-q:v', '4', '-f', 'image2', partial]
        : [
            '-c:v',
            'libx264',
            '-preset',
            'ultrafast',
            '-pix_fmt',
            'yuv420p',
            '-r',
            '24',
            '-t',
            String(seconds),
            '-movflags',
            '+faststart',
            '-f',
            'mp4',
            partial,
          ];
      const run = runFfmpeg(['-y', '-f', 'lavfi', '-i', `nullsrc=s=64x36:r=24:d=${seconds}`, '-filter_complex', filter, '-map', '[v]', '-an', ...output]);
      await run.done;
      await rename(partial, target);
      await this.storage.putFile(key, target, poster ? 'image/jpeg' : 'video/mp4');
      this.known.add(key);
      this.missingSince.delete(key);
      return key;
    } finally {
      await rm(partial, { force: true });
    }
  }
}
