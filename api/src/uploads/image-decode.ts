import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnFfmpeg } from '../videos/ffmpeg.ts';

/** Long enough for a 40-megapixel picture on a busy machine; a decode that takes longer is not held against the file. */
const DECODE_TIMEOUT_MS = 30_000;

/**
 * Whether ffmpeg, which renders the videos, can decode the whole picture. The header alone (what the size check
 * reads) says nothing of the rest: a PNG cut short after its first 8 KB still names its width and height, was
 * accepted, cost the credits of a video and failed in the render. Read from a file, as the render reads it (this
 * ffmpeg does not recognise WebP on a pipe). `unknown` when ffmpeg could not give an answer (not started, too slow):
 * the picture is then taken, and a render that fails returns its credits.
 */
export async function decodesWhole(buffer: Buffer, extension: string): Promise<boolean | 'unknown'> {
  const dir = await mkdtemp(join(tmpdir(), 'reelmint-picture-'));
  try {
    const file = join(dir, `picture${extension}`);
    await writeFile(file, buffer);
    return await new Promise<boolean | 'unknown'>((resolve) => {
      // The picture's one frame, written as a checksum line: no line, or a failure, and the render would fail too.
      // Bytes after the picture's end (which cameras and editors leave) do not count against it, as in the render.
      const child = spawnFfmpeg(['-hide_banner', '-nostdin', '-v', 'error', '-i', file, '-frames:v', '1', '-f', 'framecrc', '-'], {
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      let frames = 0;
      child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
        frames += chunk.split('\n').filter((line) => line && !line.startsWith('#')).length;
      });
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve('unknown');
      }, DECODE_TIMEOUT_MS);
      child.on('error', () => {
        clearTimeout(timer);
        resolve('unknown');
      });
      // 'close', not 'exit': only once ffmpeg's output has been read whole is its frame line sure to have been counted.
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        resolve(signal ? 'unknown' : code === 0 && frames > 0);
      });
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
