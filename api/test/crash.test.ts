import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { access, chmod, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ffmpegPath } from '../src/videos/ffmpeg.ts';
import { DEFAULT_WORKER_OPTIONS, JobWorker } from '../src/videos/worker.ts';
import { call, createTestApp, signUp, waitFor } from './helpers.ts';

const API_DIR = fileURLToPath(new URL('..', import.meta.url));
const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** Whether a process still runs (a zombie has stopped: it only waits to be reaped). */
async function alive(pid: number): Promise<boolean> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  return stat !== null && stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
}

/** The ffmpeg processes a process started, from /proc. */
async function ffmpegChildrenOf(pid: number): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => null);
    if (!stat || Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== pid) continue;
    const command = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (command.includes('ffmpeg')) found.push(Number(entry));
  }
  return found;
}

describe('a worker killed in the middle of a render', () => {
  it('takes its ffmpeg with it, and recovery notices the job, removes its partial files and refunds it', async () => {
    const t = await createTestApp({ worker: false });
    let workerProcess: ChildProcess | null = null;
    try {
      const { token } = await signUp(t.app);
      const job = await call(t.app, 'POST', '/api/videos/generate', {
        token,
        body: { type: 'text-to-video', prompt: 'A lighthouse in a storm', model: 'v1.0', resolution: '512p', duration: '10s' },
      });
      expect(job.status).toBe(202);
      const id: string = job.body.data.id;

      // -re makes ffmpeg render at real-time speed: the 10 s clip keeps it busy for 10 s, far longer
      // than the few seconds it is given to stop once its worker is killed.
      const slowFfmpeg = join(t.dataDir, 'slow-ffmpeg.sh');
      await writeFile(slowFfmpeg, `#!/bin/sh\nexec "${ffmpegPath()}" -re "$@"\n`);
      await chmod(slowFfmpeg, 0o755);
      workerProcess = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
        cwd: API_DIR,
        env: { ...process.env, DATA_DIR: t.dataDir, FFMPEG_PATH: slowFfmpeg, ...(t.databaseUrl ? { DATABASE_URL: t.databaseUrl } : {}) },
        stdio: 'ignore',
      });
      const workerPid = workerProcess.pid!;
      const partial = join(t.dataDir, 'videos', `${id}.part.mp4`);
      const ffmpegPid = await waitFor(
        async () => {
          const row = await t.app.services.db.selectFrom('videos').select('progress').where('id', '=', id).executeTakeFirst();
          if (!row || row.progress === 0 || !(await exists(partial))) return undefined;
          const [child] = await ffmpegChildrenOf(workerPid);
          return child;
        },
        60_000,
        'the worker process to be rendering',
      ); // starting tsx on a loaded machine can take most of this

      workerProcess.kill('SIGKILL');
      await waitFor(async () => ((await alive(ffmpegPid)) ? undefined : true), 4_000, 'ffmpeg to stop with its worker');
      expect(await exists(partial)).toBe(true);
      expect(await exists(join(t.dataDir, 'videos', `${id}.txt`))).toBe(true);

      // A surviving worker with the default timings, allowed one attempt per job, fails the orphan.
      const survivor = new JobWorker({ ...t.app.services, log: { error: () => undefined } }, { ...DEFAULT_WORKER_OPTIONS, maxAttempts: 1 });
      survivor.start();
      try {
        const failed = await waitFor(
          async () => {
            const reply = await call(t.app, 'GET', `/api/videos/status/${id}`, { token });
            return reply.body.data.status === 'failed' ? reply.body.data : undefined;
          },
          DEFAULT_WORKER_OPTIONS.staleAfterMs * 2 + 5_000,
          'the stale job to be recovered',
        );
        expect(failed).toMatchObject({ refunded: true, videoUrl: null });
      } finally {
        await survivor.stop();
      }
      expect(await readdir(join(t.dataDir, 'videos'))).toEqual([]);
      expect((await call(t.app, 'GET', '/api/user/credits', { token })).body.data.balance).toBe(100);
    } finally {
      workerProcess?.kill('SIGKILL');
      await t.close();
    }
  }, 120_000);
});
