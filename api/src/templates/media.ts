import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TemplateDefinition } from './catalogue.ts';
import { TEMPLATES } from './catalogue.ts';
import { sceneFilter, wrapText } from '../videos/local-engine.ts';
import { runFfmpeg } from '../videos/ffmpeg.ts';

/** Preview clips are short and small: they loop in a gallery card. */
const PREVIEW_SECONDS = 3;

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/**
 * Posters and preview clips of the templates, made by the local renderer into the data folder.
 * The list never waits for them: a poster is rendered on first request (one frame, well under a
 * second), a preview clip is rendered in the background at start and answers 404 until ready.
 */
export class TemplateMedia {
  private readonly pending = new Map<string, Promise<string>>();
  private background: Promise<void> | null = null;
  private stopped = false;
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly dir: string) {}

  posterPath(t: TemplateDefinition): string {
    return join(this.dir, `${t.id}.jpg`);
  }

  previewPath(t: TemplateDefinition): string {
    return join(this.dir, `${t.id}.mp4`);
  }

  async previewReady(t: TemplateDefinition): Promise<boolean> {
    return exists(this.previewPath(t));
  }

  /**
   * The poster file, rendering it first if needed. Concurrent requests for one poster share a
   * render, and at most two renders run at once, so a gallery opening on a fresh server does not
   * start a dozen ffmpeg processes together.
   */
  async poster(t: TemplateDefinition): Promise<string> {
    const path = this.posterPath(t);
    if (await exists(path)) return path;
    return this.once(`poster:${t.id}`, () => this.limited(() => this.renderFile(t, path, true)));
  }

  /** Renders missing posters, then missing preview clips, one at a time in the background. */
  renderInBackground(onError: (error: unknown) => void): void {
    this.background ??= (async () => {
      const jobs = [
        ...TEMPLATES.map((t) => () => this.poster(t)),
        ...TEMPLATES.map((t) => async () => {
          if (!(await exists(this.previewPath(t)))) await this.once(`preview:${t.id}`, () => this.renderFile(t, this.previewPath(t), false));
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

  private async renderFile(t: TemplateDefinition, target: string, poster: boolean): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const textFile = `${target}.txt`;
    const partial = poster ? `${target}.part.jpg` : `${target}.part.mp4`;
    const seconds = poster ? 1.2 : PREVIEW_SECONDS;
    try {
      await writeFile(textFile, wrapText(t.title, 30, 2));
      const filter = sceneFilter({ jobId: t.id, kind: 'text', prompt: t.title, model: t.settings.model, resolution: '512p', seconds, hue: t.hue, outputDir: this.dir }, textFile);
      const output = poster
        ? ['-ss', '1', '-frames:v', '1', '-q:v', '4', '-f', 'image2', partial]
        : ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-r', '24', '-t', String(seconds), '-movflags', '+faststart', '-f', 'mp4', partial];
      const run = runFfmpeg(['-y', '-f', 'lavfi', '-i', `nullsrc=s=64x36:r=24:d=${seconds}`, '-filter_complex', filter, '-map', '[v]', '-an', ...output]);
      await run.done;
      await rename(partial, target);
      return target;
    } finally {
      await rm(textFile, { force: true });
      await rm(partial, { force: true });
    }
  }
}
