import { randomUUID } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { EngineStatus, RenderRequest, VideoEngine } from './engine.ts';
import { frameSize } from './engine.ts';
import { filterValue, runFfmpeg } from './ffmpeg.ts';

/** Shipped with the API so drawtext never depends on fonts installed on the machine. */
export const FONT_FILE = fileURLToPath(new URL('../../assets/fonts/DejaVuSans-Bold.ttf', import.meta.url));

const FPS = 24;

interface RenderState {
  status: EngineStatus;
  child: ChildProcess | null;
  canceled: boolean;
}

/** Breaks a prompt into at most `maxLines` lines of about `width` characters for drawtext. */
export function wrapText(text: string, width: number, maxLines: number): string {
  const words = text.replace(/\s+/g, ' ').trim().split(' ');
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const piece = word.length > width ? `${word.slice(0, width - 1)}…` : word;
    if (!line) line = piece;
    else if (line.length + 1 + piece.length <= width) line += ` ${piece}`;
    else {
      lines.push(line);
      line = piece;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    lines.length = maxLines;
    lines[maxLines - 1] = `${lines[maxLines - 1]!.slice(0, width - 1)}…`;
  }
  return lines.join('\n');
}

/**
 * A small deterministic generator (mulberry32): the same seed gives the same numbers on every
 * machine, so a seed names one clip.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Font size and line width of the prompt in this frame: narrower frames get shorter lines and more of them. */
export function textLayout(request: Pick<RenderRequest, 'kind' | 'resolution' | 'aspectRatio'>) {
  const { width, height } = frameSize(request.resolution, request.aspectRatio);
  const short = Math.min(width, height);
  const fontSize = Math.round(short / (request.kind === 'image' ? 18 : 12));
  // DejaVu Sans Bold averages about 0.62 of the font size per character; keep a margin on both sides.
  const chars = Math.max(12, Math.floor((width * 0.88) / (fontSize * 0.62)));
  const lines = request.kind === 'image' ? 2 : width < height ? 6 : 4;
  return { width, height, fontSize, chars: Math.min(chars, request.kind === 'image' ? 48 : 30), lines };
}

/**
 * Filter graph for one scene, in the request's frame shape. Text: a colour field computed at a
 * small size (so the per-pixel geq stays cheap at any resolution) scaled up into a smooth moving
 * gradient, with the prompt fading in and drifting. Image: the picture cropped to the frame with a
 * slow zoom. The seed picks the field's phases and hue, the drift's direction, and the zoom's
 * direction and focus, so one seed and one set of settings always draw the same clip.
 */
export function sceneFilter(request: RenderRequest, textFile: string | null): string {
  const { width, height, fontSize } = textLayout(request);
  const random = seededRandom(request.seed);
  const frames = Math.round(request.seconds * FPS);
  const drawText = (y: string, alpha: string, size: number) =>
    textFile
      ? `,drawtext=fontfile=${filterValue(FONT_FILE)}:textfile=${filterValue(textFile)}:expansion=none:fontcolor=white:fontsize=${size}` +
        `:line_spacing=${Math.round(size / 4)}:x=(w-text_w)/2:y=${y}:alpha=${filterValue(alpha)}` +
        `:shadowcolor=black@0.55:shadowx=${Math.max(2, Math.round(size / 16))}:shadowy=${Math.max(2, Math.round(size / 16))}`
      : '';

  if (request.kind === 'image') {
    // A continuation starts on its picture unzoomed and without a caption, exactly where the clip before it ended.
    const zoomIn = request.continuation || random() < 0.5;
    const focusX = (0.3 + random() * 0.4).toFixed(3);
    const focusY = (0.3 + random() * 0.4).toFixed(3);
    const zoom = zoomIn ? `1+0.18*on/${frames}` : `1.18-0.18*on/${frames}`;
    return (
      `[0:v]scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},setsar=1,` +
      `zoompan=z='${zoom}':x='(iw-iw/zoom)*${focusX}':y='(ih-ih/zoom)*${focusY}':d=${frames}:s=${width}x${height}:fps=${FPS}` +
      (request.continuation ? '' : drawText(`h-text_h-${Math.round(height / 12)}`, 'min(1,t/1)', fontSize)) +
      ',format=yuv420p[v]'
    );
  }
  const period = Math.max(3, request.seconds);
  const phase = () => (random() * 2 * Math.PI).toFixed(3);
  const [p1, p2, p3] = [phase(), phase(), phase()];
  // A template keeps its own colour, shifted a little; anything else takes its hue from the seed.
  const hueShift = random();
  const hue = request.hue === undefined ? Math.round(hueShift * 360) : request.hue + Math.round((hueShift - 0.5) * 60);
  const drift = random() < 0.5 ? '' : '-';
  // The field keeps the frame's shape at a small size, so portrait and square frames are not stretched.
  return (
    `[0:v]geq=r='128+90*sin(2*PI*(X/W+T/${period})+${p1})':g='128+90*sin(2*PI*(Y/H+T/${period + 2})+${p2})'` +
    `:b='128+90*sin(2*PI*((X+Y)/(W+H)-T/${period + 1})+${p3})',scale=${width}:${height}:flags=bicubic,setsar=1,hue=h=${hue}` +
    drawText(`(h-text_h)/2+${drift}${Math.round(height / 40)}*sin(2*PI*t/${period})`, 'min(1,t/0.8)', fontSize) +
    ',format=yuv420p[v]'
  );
}

/** The small canvas the colour field is computed on, in the frame's shape. */
export function fieldSize(request: Pick<RenderRequest, 'resolution' | 'aspectRatio'>): string {
  if (request.aspectRatio === '9:16') return '36x64';
  if (request.aspectRatio === '1:1') return '48x48';
  return '64x36';
}

/** Renders real MP4s with the static ffmpeg build; one ffmpeg process per job. */
export class LocalEngine implements VideoEngine {
  readonly name = 'local';
  private readonly renders = new Map<string, RenderState>();

  async submit(request: RenderRequest): Promise<string> {
    const ref = `local_${randomUUID()}`;
    const state: RenderState = { status: { state: 'running', progress: 0 }, child: null, canceled: false };
    this.renders.set(ref, state);
    void this.render(request, state);
    return ref;
  }

  async poll(ref: string): Promise<EngineStatus> {
    const state = this.renders.get(ref);
    if (!state) return { state: 'failed', error: 'The render was lost (the engine restarted)' };
    // Finished renders are reported once and forgotten, so the map does not grow forever.
    if (state.status.state !== 'running') this.renders.delete(ref);
    return state.status;
  }

  async cancel(ref: string): Promise<void> {
    const state = this.renders.get(ref);
    if (!state) return;
    state.canceled = true;
    state.child?.kill('SIGKILL');
    this.renders.delete(ref);
  }

  private async render(request: RenderRequest, state: RenderState): Promise<void> {
    const base = join(request.outputDir, request.jobId);
    const textFile = `${base}.txt`;
    const partial = `${base}.part.mp4`;
    try {
      const prompt = request.prompt.trim();
      const layout = textLayout(request);
      if (prompt) await writeFile(textFile, wrapText(prompt, layout.chars, layout.lines));
      const input =
        request.kind === 'image' ? ['-i', request.imagePath ?? ''] : ['-f', 'lavfi', '-i', `nullsrc=s=${fieldSize(request)}:r=${FPS}:d=${request.seconds}`];
      const video = runFfmpeg(
        [
          '-y',
          ...input,
          '-filter_complex',
          sceneFilter(request, prompt ? textFile : null),
          '-map',
          '[v]',
          '-an',
          '-c:v',
          'libx264',
          '-preset',
          'ultrafast',
          '-pix_fmt',
          'yuv420p',
          '-r',
          String(FPS),
          '-t',
          String(request.seconds),
          '-movflags',
          '+faststart',
          '-f',
          'mp4',
          partial,
        ],
        (seconds) => {
          state.status = { state: 'running', progress: Math.min(95, Math.floor((seconds / request.seconds) * 95)) };
        },
      );
      state.child = video.child;
      // Cancelled while the prompt file was being written, before there was a process to stop.
      if (state.canceled) video.child.kill('SIGKILL');
      await video.done;
      if (state.canceled) return;
      await rename(partial, `${base}.mp4`);
      const poster = runFfmpeg(['-y', '-ss', String(Math.min(1.5, request.seconds / 2)), '-i', `${base}.mp4`, '-frames:v', '1', '-q:v', '4', `${base}.jpg`]);
      state.child = poster.child;
      await poster.done;
      state.status = { state: 'succeeded', videoFile: `${request.jobId}.mp4`, posterFile: `${request.jobId}.jpg` };
    } catch (error) {
      state.status = { state: 'failed', error: error instanceof Error ? error.message : 'Render failed' };
      await rm(`${base}.mp4`, { force: true });
    } finally {
      await rm(textFile, { force: true });
      await rm(partial, { force: true });
    }
  }
}
