import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { probeDuration } from '../src/videos/ffmpeg.ts';
import { captionOf, FONT_FILE, LocalEngine } from '../src/videos/local-engine.ts';
import { fileCoverage } from '../src/videos/font-coverage.ts';
import { probe } from './helpers.ts';

// The engine alone, without an app or a database: the PostgreSQL run leaves this file to the SQLite one
// (DATABASE_FREE_TESTS in vitest.config.ts).
describe('the local engine', () => {
  it('captions a clip only with a prompt its font can draw whole: no row of empty boxes for Japanese, Korean, Hindi or emoji', () => {
    expect(captionOf('  Waves rolling onto a quiet beach, “golden” light — café  ')).toBe('Waves rolling onto a quiet beach, “golden” light — café');
    expect(captionOf('Волны накатывают на тихий пляж')).toBe('Волны накатывают на тихий пляж');
    expect(captionOf('Fluctus in litore quieto')).toBe('Fluctus in litore quieto');
    for (const prompt of [
      '夕暮れの静かな浜辺に打ち寄せる波',
      '황금빛 해변의 파도',
      'सुनहरी रोशनी में समुद्र तट',
      '金色海岸的海浪',
      'A beach party 🎉',
      'Waves 夕暮れ',
    ]) {
      expect(captionOf(prompt), prompt).toBeNull();
    }
    expect(captionOf('   ')).toBeNull();
    // Read from the font itself: the letters it has, and none of what it lacks.
    const covers = fileCoverage(FONT_FILE);
    expect(['A', 'é', 'Я', '…', '€'].every((c) => covers(c.codePointAt(0)!))).toBe(true);
    expect(['夕', '한', 'ह', '🎉'].some((c) => covers(c.codePointAt(0)!))).toBe(false);
  });

  it('renders 10 seconds at 1080p to the exact size and length', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'reelmint-engine-'));
    try {
      const engine = new LocalEngine();
      const ref = await engine.submit({
        jobId: 'full-hd',
        kind: 'text',
        mode: 'text',
        prompt: 'A very long prompt '.repeat(20),
        model: 'v2.0',
        resolution: '1080p',
        aspectRatio: '16:9',
        seconds: 10,
        seed: 1,
        outputDir: dir,
      });
      let status = await engine.poll(ref);
      const progress: number[] = [];
      const deadline = Date.now() + 170_000;
      while (status.state === 'running' && Date.now() < deadline) {
        progress.push(status.progress);
        await new Promise((resolve) => setTimeout(resolve, 100));
        status = await engine.poll(ref);
      }
      expect(status.state).toBe('succeeded');
      expect(progress.some((p) => p > 0 && p < 100)).toBe(true);
      const file = join(dir, 'full-hd.mp4');
      expect(await probeDuration(file)).toBeCloseTo(10, 1);
      expect(await probe(file)).toMatch(/1920x1080/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    // A ceiling, not a delay: 10 s of 1080p takes about 30 s on two loaded cores, more beside another test file.
  }, 180_000);
});
