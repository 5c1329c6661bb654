import { randomUUID } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { EngineStatus, RenderRequest, VideoEngine } from './engine.ts';
import { frameSize } from './engine.ts';
import { filterValue, runFfmpeg } from './ffmpeg.ts';
import { drawsAll, fileCoverage } from './font-coverage.ts';
import type { CameraMotion } from '@reelmint/contract/generation-controls';

/** Shipped with the API so drawtext never depends on fonts installed on the machine. */
export const FONT_FILE = fileURLToPath(new URL('../../assets/fonts/DejaVuSans-Bold.ttf', import.meta.url));

const FPS = 24;

const fontCovers = fileCoverage(FONT_FILE);

/**
 * The prompt as the clip's caption, or null for none: drawtext draws a character the font has no glyph for as an
 * empty box, so a prompt in Japanese, Chinese, Korean or Hindi (or with an emoji) came out as a row of boxes. Such a
 * prompt gets no caption; the clip is the same otherwise.
 */
export function captionOf(prompt: string): string | null {
  const text = prompt.trim();
  return text && drawsAll(text, fontCovers) ? text : null;
}

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
 * One named camera motion as zoompan expressions over a clip of `frames` frames (`on` is the frame drawn,
 * so p runs from 0 to 1): z the zoom, x and y the top left of the window that zoom leaves.
 */
export function cameraExpressions(motion: CameraMotion, frames: number): { z: string; x: string; y: string } {
  const p = `(on/${frames})`;
  const centreX = '(iw-iw/zoom)/2';
  const centreY = '(ih-ih/zoom)/2';
  switch (motion) {
    case 'static':
      return { z: '1', x: '0', y: '0' };
    case 'push_in':
      return { z: `1+0.25*${p}`, x: centreX, y: centreY };
    case 'pull_out':
      return { z: `1.25-0.25*${p}`, x: centreX, y: centreY };
    // The window travels the way the camera turns: left means it starts on the right.
    case 'pan_left':
      return { z: '1.15', x: `(iw-iw/zoom)*(1-${p})`, y: centreY };
    case 'pan_right':
      return { z: '1.15', x: `(iw-iw/zoom)*${p}`, y: centreY };
    case 'tilt_up':
      return { z: '1.15', x: centreX, y: `(ih-ih/zoom)*(1-${p})` };
    case 'tilt_down':
      return { z: '1.15', x: centreX, y: `(ih-ih/zoom)*${p}` };
    // Once round the subject: the window circles the centre.
    case 'orbit':
      return { z: '1.2', x: `(iw-iw/zoom)*(0.5+0.5*sin(2*PI*${p}))`, y: `(ih-ih/zoom)*(0.5-0.5*cos(2*PI*${p}))` };
    // A held camera: small uneven sways on both axes and a breath of zoom.
    case 'handheld':
      return {
        z: '1.1+0.01*sin(on/7)',
        x: '(iw-iw/zoom)*(0.5+0.3*sin(on/5.3)+0.15*sin(on/1.9))',
        y: '(ih-ih/zoom)*(0.5+0.3*sin(on/6.1+1)+0.15*sin(on/2.3))',
      };
  }
}

/**
 * The sound track of a preview with audio on: brown noise, filtered down to a soft room tone, under a low hum, faded
 * in and out. The seed shapes the noise, so the same seed gives the same track.
 */
export function ambienceFilter(seconds: number, seed: number): string {
  const fadeOut = Math.max(0, seconds - 0.8).toFixed(2);
  return (
    `anoisesrc=color=brown:amplitude=0.25:seed=${seed >>> 0}:duration=${seconds}:sample_rate=44100,lowpass=f=700,volume=0.6[noise];` +
    `sine=frequency=${55 + (seed % 4) * 10}:sample_rate=44100:duration=${seconds},volume=0.08[hum];` +
    `[noise][hum]amix=inputs=2:duration=shortest,afade=t=in:d=0.6,afade=t=out:st=${fadeOut}:d=0.8,aformat=sample_rates=44100:channel_layouts=stereo[a]`
  );
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
    const camera = request.cameraMotion
      ? cameraExpressions(request.cameraMotion, frames)
      : { z: zoom, x: `(iw-iw/zoom)*${focusX}`, y: `(ih-ih/zoom)*${focusY}` };
    const fit = `scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},setsar=1`;
    // With an end frame both pictures run as streams and the last fades in over the first through the middle of the
    // clip (an alpha fade and an overlay: cheap, where a per-pixel blend expression is slow); zoompan then moves the
    // camera one output frame per input frame. A single picture is one frame that
    // zoompan holds for the whole clip.
    const source = request.endImagePath
      ? `[0:v]${fit},fps=${FPS},format=yuv420p[first];` +
        `[1:v]${fit},fps=${FPS},format=yuva420p,fade=t=in:st=${(request.seconds * 0.2).toFixed(2)}:d=${(request.seconds * 0.6).toFixed(2)}:alpha=1[last];` +
        `[first][last]overlay=shortest=1:format=yuv420,`
      : `[0:v]${fit},`;
    return (
      source +
      `zoompan=z='${camera.z}':x='${camera.x}':y='${camera.y}':d=${request.endImagePath ? 1 : frames}:s=${width}x${height}:fps=${FPS}` +
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
  // A camera motion moves the whole frame, caption and all, so it shows on a smooth field too.
  const camera = request.cameraMotion ? cameraExpressions(request.cameraMotion, frames) : null;
  // The field keeps the frame's shape at a small size, so portrait and square frames are not stretched.
  return (
    `[0:v]geq=r='128+90*sin(2*PI*(X/W+T/${period})+${p1})':g='128+90*sin(2*PI*(Y/H+T/${period + 2})+${p2})'` +
    `:b='128+90*sin(2*PI*((X+Y)/(W+H)-T/${period + 1})+${p3})',scale=${width}:${height}:flags=bicubic,setsar=1,hue=h=${hue}` +
    drawText(`(h-text_h)/2+${drift}${Math.round(height / 40)}*sin(2*PI*t/${period})`, 'min(1,t/0.8)', fontSize) +
    (camera ? `,zoompan=z='${camera.z}':x='${camera.x}':y='${camera.y}':d=1:s=${width}x${height}:fps=${FPS}` : '') +
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
      const prompt = captionOf(request.prompt);
      const layout = textLayout(request);
      if (prompt) await writeFile(textFile, wrapText(prompt, layout.chars, layout.lines));
      const looped = (path: string) => ['-loop', '1', '-framerate', String(FPS), '-t', String(request.seconds), '-i', path];
      const input =
        request.kind !== 'image'
          ? ['-f', 'lavfi', '-i', `nullsrc=s=${fieldSize(request)}:r=${FPS}:d=${request.seconds}`]
          : request.endImagePath
            ? [...looped(request.imagePath ?? ''), ...looped(request.endImagePath)]
            : ['-i', request.imagePath ?? ''];
      // With audio on the file carries a real track (ambienceFilter); without, it has no audio stream at all.
      const graph = sceneFilter(request, prompt ? textFile : null) + (request.audio ? `;${ambienceFilter(request.seconds, request.seed)}` : '');
      const audio = request.audio ? ['-map', '[a]', '-c:a', 'aac', '-b:a', '96k'] : ['-an'];
      const video = runFfmpeg(
        [
          '-y',
          ...input,
          '-filter_complex',
          graph,
          '-map',
          '[v]',
          ...audio,
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
