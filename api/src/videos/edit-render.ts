import { CROSSFADE_SECONDS } from '@reelmint/contract/pricing';
import type { EditSpec } from './edit-spec.ts';

/** Every edit comes out at the frame rate the local engine renders, so joined clips line up frame for frame. */
export const EDIT_FPS = 24;

export interface EditInput {
  path: string;
  /** Its real length, read from the file. */
  seconds: number;
}

export interface EditFrame {
  width: number;
  height: number;
}

const fmt = (value: number) => String(Number(value.toFixed(3)));

/** Scales a picture to fit inside the frame with even sides (x264's 4:2:0 needs them). */
const fitInside = ({ width, height }: EditFrame) => `scale='trunc(min(${width}/iw,${height}/ih)*iw/2)*2':'trunc(min(${width}/iw,${height}/ih)*ih/2)*2'`;

/** Scales a picture to cover the frame and cuts what sticks out, keeping the point at (x, y) of 0..1 in view. */
const cover = ({ width, height }: EditFrame, x = 0.5, y = 0.5) =>
  `scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height}:'(iw-ow)*${x}':'(ih-oh)*${y}'`;

/** One clip made ready to be joined: the frame rate, size and shape of the result, padded with black. */
const normalised = (index: number, frame: EditFrame) =>
  `[${index}:v]fps=${EDIT_FPS},${fitInside(frame)},pad=${frame.width}:${frame.height}:'(ow-iw)/2':'(oh-ih)/2',setsar=1`;

/** The encoder settings of every edit (the local engine's, so an edit of a preview looks like it). */
function encode(seconds: number, output: string): string[] {
  return [
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
    String(EDIT_FPS),
    '-t',
    fmt(seconds),
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    output,
  ];
}

/** Joins clips one after another, either with hard cuts or with crossfades of CROSSFADE_SECONDS. */
export function joinGraph(count: number, frame: EditFrame, transition: 'cut' | 'crossfade', lengths: number[]): { graph: string; seconds: number } {
  const total = lengths.reduce((sum, s) => sum + s, 0);
  if (transition === 'cut') {
    const parts = Array.from({ length: count }, (_, i) => `${normalised(i, frame)},format=yuv420p[c${i}]`);
    const labels = Array.from({ length: count }, (_, i) => `[c${i}]`).join('');
    return { graph: `${parts.join(';')};${labels}concat=n=${count}:v=1:a=0[v]`, seconds: total };
  }
  // ffmpeg 4.1 has no xfade filter: each clip is laid over the one before it on a black canvas,
  // starting CROSSFADE_SECONDS before that one ends, and fades in from transparent over it.
  const seconds = total - CROSSFADE_SECONDS * (count - 1);
  const parts = [`color=c=black:s=${frame.width}x${frame.height}:r=${EDIT_FPS}:d=${fmt(seconds)},format=yuv420p[o]`];
  let offset = 0;
  let below = 'o';
  for (let i = 0; i < count; i += 1) {
    const fade = i > 0 ? `,fade=t=in:st=0:d=${CROSSFADE_SECONDS}:alpha=1` : '';
    parts.push(`${normalised(i, frame)},format=yuva420p${fade},setpts=PTS-STARTPTS+${fmt(offset)}/TB[c${i}]`);
    const out = i === count - 1 ? 'j' : `o${i}`;
    parts.push(`[${below}][c${i}]overlay=eof_action=pass[${out}]`);
    below = out;
    offset += lengths[i]! - CROSSFADE_SECONDS;
  }
  parts.push('[j]format=yuv420p[v]');
  return { graph: parts.join(';'), seconds };
}

/**
 * The ffmpeg arguments of one edit. `inputs` are the sources in order (for extend, the clip and
 * then its continuation); `frame` is the size of the result.
 */
export function editArgs(spec: EditSpec, inputs: EditInput[], frame: EditFrame, output: string): { args: string[]; seconds: number } {
  const first = inputs[0]!;
  switch (spec.kind) {
    case 'trim': {
      const seconds = spec.end - spec.start;
      // -ss and -t before -i: the decoder starts at the cut and stops after it (exact, since we re-encode).
      return {
        args: [
          '-y',
          '-ss',
          fmt(spec.start),
          '-t',
          fmt(seconds),
          '-i',
          first.path,
          '-filter_complex',
          `[0:v]fps=${EDIT_FPS},setsar=1,format=yuv420p[v]`,
          ...encode(seconds, output),
        ],
        seconds,
      };
    }
    case 'speed': {
      const seconds = first.seconds / spec.speed;
      const graph = `[0:v]setpts=(PTS-STARTPTS)/${spec.speed},fps=${EDIT_FPS},setsar=1,format=yuv420p[v]`;
      return { args: ['-y', '-i', first.path, '-filter_complex', graph, ...encode(seconds, output)], seconds };
    }
    case 'reframe': {
      const graph =
        spec.mode === 'crop'
          ? `[0:v]fps=${EDIT_FPS},${cover(frame, spec.focusX, spec.focusY)},setsar=1,format=yuv420p[v]`
          : // The whole picture, centred over a blurred, enlarged copy of itself that fills the new shape.
            `[0:v]fps=${EDIT_FPS},split=2[a][b];[a]${cover(frame)},boxblur=luma_radius=${Math.max(4, Math.round(Math.min(frame.width, frame.height) / 20))}:luma_power=2[bg];` +
            `[b]${fitInside(frame)}[fg];[bg][fg]overlay=x='(W-w)/2':y='(H-h)/2',setsar=1,format=yuv420p[v]`;
      return { args: ['-y', '-i', first.path, '-filter_complex', graph, ...encode(first.seconds, output)], seconds: first.seconds };
    }
    case 'upscale': {
      // Lanczos keeps edges crisp when enlarging; a light unsharp mask brings back some of the detail the scaling softens.
      const { width, height } = frame;
      const graph =
        `[0:v]fps=${EDIT_FPS},scale=${width}:${height}:force_original_aspect_ratio=increase:flags=lanczos,crop=${width}:${height},` +
        'unsharp=5:5:0.8:5:5:0,setsar=1,format=yuv420p[v]';
      return { args: ['-y', '-i', first.path, '-filter_complex', graph, ...encode(first.seconds, output)], seconds: first.seconds };
    }
    case 'merge':
    case 'extend': {
      const transition = spec.kind === 'merge' ? spec.transition : 'cut';
      const { graph, seconds } = joinGraph(
        inputs.length,
        frame,
        transition,
        inputs.map((input) => input.seconds),
      );
      return { args: ['-y', ...inputs.flatMap((input) => ['-i', input.path]), '-filter_complex', graph, ...encode(seconds, output)], seconds };
    }
  }
}

/** Writes the clip's very last frame as a JPEG: every frame of the last half second is written over the one before. */
export function lastFrameArgs(input: string, output: string): string[] {
  return ['-y', '-sseof', '-0.5', '-i', input, '-update', '1', '-q:v', '2', output];
}

export function posterArgs(input: string, seconds: number, output: string): string[] {
  return ['-y', '-ss', fmt(Math.min(1.5, seconds / 2)), '-i', input, '-frames:v', '1', '-q:v', '4', output];
}
