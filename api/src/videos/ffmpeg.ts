import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';

let binary: string = ffmpegInstaller.path;

/** The ffmpeg this process runs: the npm package's static build unless FFMPEG_PATH named another (useFfmpeg). */
export const ffmpegPath = (): string => binary;

/** Runs another ffmpeg binary from now on (FFMPEG_PATH, applied at start). */
export function useFfmpeg(path: string): void {
  binary = path;
}

/**
 * ffmpeg ignores SIGPIPE, so a render outlives a worker that is killed (kill -9, OOM) and keeps
 * burning CPU for a job that another worker will redo. On Linux, util-linux's setpriv asks the
 * kernel to SIGKILL the child when its parent dies; elsewhere ffmpeg is started directly.
 */
const PARENT_DEATH_WRAPPER: string[] | null =
  process.platform === 'linux' && spawnSync('setpriv', ['--pdeathsig', 'KILL', '--', 'true'], { stdio: 'ignore' }).status === 0
    ? ['setpriv', '--pdeathsig', 'KILL', '--']
    : null;

/** Starts ffmpeg so that it dies with this process where the system allows it. */
export function spawnFfmpeg(args: string[], options: Parameters<typeof spawn>[2]): ChildProcess {
  return PARENT_DEATH_WRAPPER ? spawn(PARENT_DEATH_WRAPPER[0]!, [...PARENT_DEATH_WRAPPER.slice(1), binary, ...args], options) : spawn(binary, args, options);
}

export interface FfmpegRun {
  child: ChildProcess;
  done: Promise<void>;
}

/**
 * Runs ffmpeg with `-progress pipe:1` and reports the encoded time in seconds. Rejects with the
 * tail of stderr (never the full log) when ffmpeg fails.
 */
export function runFfmpeg(args: string[], onTime?: (seconds: number) => void, cwd?: string): FfmpegRun {
  const child = spawnFfmpeg(['-hide_banner', '-nostdin', '-loglevel', 'error', '-progress', 'pipe:1', '-nostats', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(cwd ? { cwd } : {}),
  });
  let stderr = '';
  let pending = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      // out_time_ms is in microseconds despite its name.
      const match = /^out_time_ms=(\d+)/.exec(line);
      if (match && onTime) onTime(Number(match[1]) / 1_000_000);
    }
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-2000);
  });
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(signal ? `ffmpeg stopped by ${signal}` : `ffmpeg exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
  return { child, done };
}

/**
 * Quotes a value (a path or an expression we built) for a filtergraph option. Quotes inside
 * would need two levels of escaping; our own paths and expressions never contain one.
 */
export function filterValue(value: string): string {
  if (value.includes("'") || value.includes('\\')) throw new Error(`Unsupported character in filter value: ${value}`);
  return `'${value}'`;
}

/** Reads the container duration that `ffmpeg -i` prints, in seconds. */
export async function probeDuration(file: string): Promise<number | null> {
  const output = await new Promise<string>((resolve) => {
    const child = spawnFfmpeg(['-hide_banner', '-i', file], { stdio: ['ignore', 'ignore', 'pipe'] });
    let text = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    child.on('close', () => resolve(text));
    child.on('error', () => resolve(text));
  });
  const match = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(output);
  if (!match) return null;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

export interface VideoFacts {
  duration: number | null;
  width: number;
  height: number;
  fps: number;
}

/** Duration, frame size and frame rate of a video's first video stream, from what `ffmpeg -i` prints. */
export async function probeVideo(file: string): Promise<VideoFacts | null> {
  const output = await new Promise<string>((resolve) => {
    const child = spawnFfmpeg(['-hide_banner', '-i', file], { stdio: ['ignore', 'ignore', 'pipe'] });
    let text = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    child.on('close', () => resolve(text));
    child.on('error', () => resolve(text));
  });
  const stream = /Stream #[^\n]*Video:[^\n]*?, (\d{2,5})x(\d{2,5})[^\n]*?, (\d+(?:\.\d+)?) fps/.exec(output);
  if (!stream) return null;
  const duration = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(output);
  return {
    duration: duration ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]) : null,
    width: Number(stream[1]),
    height: Number(stream[2]),
    fps: Number(stream[3]),
  };
}
