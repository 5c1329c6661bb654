import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ledgerSum } from '../src/credits/ledger.ts';
import { ffmpegPath } from '../src/videos/ffmpeg.ts';
import { DEFAULT_WORKER_OPTIONS, JobWorker } from '../src/videos/worker.ts';
import { startBucket } from './s3.ts';
import { call, createTestApp, freshDatabase, ScriptedEngine, signUp, waitFor } from './helpers.ts';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const API_DIR = fileURLToPath(new URL('..', import.meta.url));
const text = { type: 'text-to-video', prompt: 'A lighthouse in a storm', model: 'v1.0', resolution: '512p', duration: '5s' };

/** The value of one sample in Prometheus text, or undefined when the series is absent. */
function sample(metrics: string, series: string): number | undefined {
  const line = metrics.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('health and readiness', () => {
  it('answers /healthz and /readyz with the checks it made, and 503 with the envelope once shutting down', async () => {
    const t = await createTestApp({ worker: false });
    try {
      const alive = await call(t.app, 'GET', '/healthz');
      expect(alive.status).toBe(200);
      expect(alive.body.data).toEqual({ status: 'alive' });
      const ready = await call(t.app, 'GET', '/readyz');
      expect(ready.status).toBe(200);
      // No Redis and no bucket configured here: only the database is asked.
      expect(ready.body.data).toEqual({ status: 'ready', checks: { database: 'ok' } });

      t.app.ops.beginShutdown();
      const stopping = await call(t.app, 'GET', '/readyz');
      expect(stopping.status).toBe(503);
      expect(stopping.body).toMatchObject({ success: false, data: null, error: 'NOT_READY', message: expect.stringContaining('shutting down') });
      expect(stopping.headers.connection).toBe('close');
      // Alive all the same: a stopping process is not one to restart.
      expect((await call(t.app, 'GET', '/healthz')).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('answers /readyz 503 naming the database when the database does not answer', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'reelmint-readyz-'));
    const database = await freshDatabase(dir);
    let closed = false;
    const closeOnce = async () => {
      if (closed) return;
      closed = true;
      await database.close();
    };
    const t = await createTestApp({ worker: false, database: { ...database, close: closeOnce } });
    try {
      expect((await call(t.app, 'GET', '/readyz')).status).toBe(200);
      await closeOnce();
      const reply = await call(t.app, 'GET', '/readyz');
      expect(reply.status).toBe(503);
      expect(reply.body).toMatchObject({ success: false, error: 'NOT_READY', message: 'Not ready: database unreachable' });
      expect(reply.body.checks.database).toBe('unreachable');
      expect((await call(t.app, 'GET', '/healthz')).status).toBe(200);
    } finally {
      await t.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('readiness with Redis and a bucket', () => {
  it('asks a configured Redis and bucket too, and names each that stops answering', async () => {
    const redisPort = await freePort();
    const redis = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let redisOutput = '';
    redis.stdout.on('data', (chunk: Buffer) => (redisOutput += chunk.toString()));
    const redisExited = new Promise((resolve) => redis.once('exit', resolve));
    const bucket = await startBucket();
    let bucketOpen = true;
    try {
      await waitFor(async () => (redisOutput.includes('Ready to accept connections') ? true : undefined), 20_000, 'redis-server to start');
      const t = await createTestApp({ worker: false, redisUrl: `redis://127.0.0.1:${redisPort}`, storage: bucket.storage() });
      try {
        const ready = await call(t.app, 'GET', '/readyz');
        expect(ready.status).toBe(200);
        expect(ready.body.data.checks).toEqual({ database: 'ok', redis: 'ok', bucket: 'ok' });

        redis.kill('SIGTERM');
        await redisExited;
        await bucket.close();
        bucketOpen = false;
        const down = await call(t.app, 'GET', '/readyz');
        expect(down.status).toBe(503);
        expect(down.body).toMatchObject({ success: false, error: 'NOT_READY', message: 'Not ready: redis, bucket unreachable' });
        expect(down.body.checks.database).toBe('ok');
        expect(down.body.checks.redis).toBe('unreachable');
        expect(down.body.checks.bucket).toBe('unreachable');
      } finally {
        await t.close();
      }
    } finally {
      if (redis.exitCode === null) redis.kill('SIGKILL');
      if (bucketOpen) await bucket.close();
    }
  });
});

describe('metrics', () => {
  it('counts requests by route template, the queue, credits and remote failures, with Node figures', async () => {
    const t = await createTestApp({ worker: false });
    try {
      const { token } = await signUp(t.app);
      const job = await call(t.app, 'POST', '/api/videos/generate', { token, body: text });
      expect(job.status).toBe(202);
      await call(t.app, 'GET', `/api/videos/status/${job.body.data.id}`, { token });
      await call(t.app, 'GET', '/api/videos/status/another-id', { token });
      await call(t.app, 'GET', '/no/such/address');
      const report = await call(t.app, 'POST', '/api/telemetry/remotes', {
        body: {
          events: [
            { remote: 'billing', version: 'local', canary: false, kind: 'load-error', detail: 'timeout' },
            { remote: 'billing', version: 'local', canary: false, kind: 'load-error', detail: 'network' },
            { remote: 'billing', version: 'local', canary: false, kind: 'load', ms: 300 },
            { remote: 'marketing', version: 'local', canary: false, kind: 'render-error', detail: 'TypeError' },
          ],
        },
      });
      expect(report.status).toBe(202);

      const reply = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const metrics = reply.body;
      // The template, never the address: both status reads are one series.
      expect(sample(metrics, 'http_requests_total{method="GET",route="/api/videos/status/:id",status="200"}')).toBe(1);
      expect(sample(metrics, 'http_requests_total{method="GET",route="/api/videos/status/:id",status="404"}')).toBe(1);
      expect(sample(metrics, 'http_requests_total{method="POST",route="/api/videos/generate",status="202"}')).toBe(1);
      expect(sample(metrics, 'http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
      expect(metrics).not.toContain('another-id');
      expect(sample(metrics, 'http_request_duration_seconds_count{method="POST",route="/api/videos/generate",status="202"}')).toBe(1);
      expect(sample(metrics, 'reelmint_job_queue_depth')).toBe(1);
      expect(sample(metrics, 'reelmint_job_queue_oldest_age_seconds')).toBeGreaterThanOrEqual(0);
      expect(sample(metrics, 'reelmint_jobs_processing')).toBe(0);
      expect(sample(metrics, 'reelmint_credits_spent_total')).toBe(10);
      expect(sample(metrics, 'reelmint_credits_refunded_total')).toBe(0);
      expect(sample(metrics, 'reelmint_remote_load_failures_total{remote="billing",version="local",kind="load-error"}')).toBe(2);
      expect(sample(metrics, 'reelmint_remote_load_failures_total{remote="marketing",version="local",kind="render-error"}')).toBe(1);
      expect(metrics).not.toMatch(/reelmint_remote_load_failures_total\{[^}]*kind="load"/);
      expect(metrics).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    } finally {
      await t.close();
    }
  });

  it('shows /metrics to the allowed addresses and the token only; a proxied request from loopback is not enough', async () => {
    const token = 'scraper-token-0123456789';
    const t = await createTestApp({ worker: false, metricsAccess: { allow: ['127.0.0.1', '10.20.0.0/16'], token } });
    try {
      const get = (remoteAddress: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
      expect((await get('127.0.0.1')).statusCode).toBe(200);
      expect((await get('10.20.3.4')).statusCode).toBe(200);
      const outside = await get('203.0.113.9');
      expect(outside.statusCode).toBe(404);
      expect(outside.json()).toMatchObject({ success: false, error: 'NOT_FOUND' });
      expect((await get('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404);
      expect((await get('127.0.0.1', { forwarded: 'for=203.0.113.9' })).statusCode).toBe(404);
      expect((await get('203.0.113.9', { authorization: `Bearer ${token}` })).statusCode).toBe(200);
      const wrong = await get('127.0.0.1', { authorization: 'Bearer not-the-token-at-all' });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toMatchObject({ success: false, error: 'FORBIDDEN' });
    } finally {
      await t.close();
    }
  });
});

describe('request ids', () => {
  it('takes a plausible X-Request-Id from the proxy, makes one otherwise, echoes it and logs it on every line', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const t = await createTestApp({ worker: false, logger: { level: 'info', stream } });
    try {
      const forwarded = await call(t.app, 'GET', '/api/user/credits', { headers: { 'x-request-id': 'edge-7f3a9c21-0001' } });
      expect(forwarded.status).toBe(401);
      expect(forwarded.headers['x-request-id']).toBe('edge-7f3a9c21-0001');
      const own = lines.filter((line) => line.reqId === 'edge-7f3a9c21-0001');
      expect(own.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
      expect(lines.filter((line) => 'req' in line || 'res' in line).every((line) => line.reqId === 'edge-7f3a9c21-0001')).toBe(true);

      for (const bad of ['x', 'has spaces in it', 'a'.repeat(200), 'line\u00e9break-00000']) {
        const reply = await call(t.app, 'GET', '/healthz', { headers: { 'x-request-id': bad } });
        expect(reply.headers['x-request-id']).not.toBe(bad);
        expect(reply.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      }
      const first = await call(t.app, 'GET', '/healthz');
      const second = await call(t.app, 'GET', '/healthz');
      expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
    } finally {
      await t.close();
    }
  });
});

describe('a worker that stops', () => {
  it('hands its running job back without using an attempt; another worker finishes it once, credits exact', async () => {
    const t = await createTestApp({ engine: new ScriptedEngine('hang') });
    try {
      const { token, user } = await signUp(t.app);
      const job = await call(t.app, 'POST', '/api/videos/generate', { token, body: text });
      const id: string = job.body.data.id;
      const { db } = t.app.services;
      const row = () => db.selectFrom('videos').select(['status', 'attempts', 'worker_id', 'refunded']).where('id', '=', id).executeTakeFirstOrThrow();
      await waitFor(async () => ((await row()).status === 'processing' ? true : undefined), 20_000, 'the job to start');
      expect((await row()).attempts).toBe(1);

      await t.app.services.worker?.stop();
      expect(await row()).toEqual({ status: 'queued', attempts: 0, worker_id: null, refunded: 0 });
      expect((await call(t.app, 'GET', '/api/user/credits', { token })).body.data.balance).toBe(90);

      const next = new JobWorker(
        { ...t.app.services, engine: new ScriptedEngine('succeed'), log: { error: () => undefined } },
        { ...DEFAULT_WORKER_OPTIONS, idleIntervalMs: 50, progressIntervalMs: 20 },
      );
      next.start();
      try {
        await waitFor(async () => ((await row()).status === 'succeeded' ? true : undefined), 20_000, 'the job to finish');
      } finally {
        await next.stop();
      }
      expect(await row()).toMatchObject({ status: 'succeeded', attempts: 1, refunded: 0 });
      const ledger = await db.selectFrom('credit_ledger').select(['kind', 'amount']).where('user_id', '=', user.id).orderBy('created_at').execute();
      expect(ledger.filter((entry) => entry.kind !== 'grant')).toEqual([{ kind: 'spend', amount: -10 }]);
      expect(await ledgerSum(t.app.services, user.id)).toBe(90);
    } finally {
      await t.close();
    }
  });
});

describe('a worker process told to stop', () => {
  it('on SIGTERM hands its running render back and exits 0; the job is then made once, charged once', async () => {
    const t = await createTestApp({ worker: false });
    let output = '';
    const slowFfmpeg = join(t.dataDir, 'slow-ffmpeg.sh');
    // -re renders at real-time speed: the 10 s clip is still rendering when the signal comes.
    await writeFile(slowFfmpeg, `#!/bin/sh\nexec "${ffmpegPath()}" -re "$@"\n`);
    await chmod(slowFfmpeg, 0o755);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      cwd: API_DIR,
      env: { ...process.env, DATA_DIR: t.dataDir, FFMPEG_PATH: slowFfmpeg, ...(t.databaseUrl ? { DATABASE_URL: t.databaseUrl } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const { token, user } = await signUp(t.app);
      const job = await call(t.app, 'POST', '/api/videos/generate', { token, body: { ...text, duration: '10s' } });
      expect(job.status).toBe(202);
      const id: string = job.body.data.id;
      const { db } = t.app.services;
      const row = () => db.selectFrom('videos').select(['status', 'attempts', 'refunded']).where('id', '=', id).executeTakeFirstOrThrow();
      await waitFor(
        async () => {
          const current = await db.selectFrom('videos').select(['status', 'progress']).where('id', '=', id).executeTakeFirstOrThrow();
          return current.status === 'processing' && current.progress > 0 ? true : undefined;
        },
        60_000,
        `the worker process to be rendering: ${output}`,
      );

      child.kill('SIGTERM');
      expect(await exited, output).toBe(0);
      expect(await row()).toEqual({ status: 'queued', attempts: 0, refunded: 0 });

      const next = new JobWorker(
        { ...t.app.services, engine: new ScriptedEngine('succeed'), log: { error: () => undefined } },
        { ...DEFAULT_WORKER_OPTIONS, idleIntervalMs: 50, progressIntervalMs: 20 },
      );
      next.start();
      try {
        await waitFor(async () => ((await row()).status === 'succeeded' ? true : undefined), 20_000, 'the job to finish');
      } finally {
        await next.stop();
      }
      expect(await row()).toEqual({ status: 'succeeded', attempts: 1, refunded: 0 });
      const moves = await db.selectFrom('credit_ledger').select(['kind', 'amount']).where('user_id', '=', user.id).where('kind', '!=', 'grant').execute();
      expect(moves).toHaveLength(1);
      expect(moves[0]!.kind).toBe('spend');
      expect(await ledgerSum(t.app.services, user.id)).toBe(100 + moves[0]!.amount);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await t.close();
    }
  }, 120_000);
});

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('graceful shutdown', () => {
  it('on SIGTERM finishes a request in flight, closes its connection and exits 0', async () => {
    const t = await createTestApp({ worker: false });
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: API_DIR,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: t.dataDir,
        RUN_WORKER: 'false',
        TEMPLATE_PREVIEWS: 'off',
        CANARY_GUARD: 'off',
        TEST_ONLY_PASSWORD_HASHING: 'low',
        LOG_LEVEL: 'info',
        SHUTDOWN_GRACE_MS: '30000',
        ...(t.databaseUrl ? { DATABASE_URL: t.databaseUrl } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await waitFor(async () => (output.includes('Reelmint API listening') ? true : undefined), 45_000, `the API to start: ${output}`);

      // A sign-up whose body is still arriving: its headers are in, so the request is in flight.
      const body = JSON.stringify({ name: 'Late Request', email: `late-${port}@example.com`, password: 'a sturdy passphrase 42' });
      const requestId = `grace-${port}-0001`;
      let answer: (reply: { status: number; connection: string | undefined; body: string }) => void = () => undefined;
      const answered = new Promise<{ status: number; connection: string | undefined; body: string }>((resolve) => (answer = resolve));
      const late = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/auth/register',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-request-id': requestId },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => answer({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }));
        },
      );
      late.on('error', (error) => answer({ status: 0, connection: undefined, body: error.message }));
      late.write(body.slice(0, 10));
      await waitFor(async () => (output.includes(`"reqId":"${requestId}"`) ? true : undefined), 20_000, 'the request to arrive');

      child.kill('SIGTERM');
      await waitFor(async () => (output.includes('shutting down') ? true : undefined), 20_000, 'the shutdown to begin');
      late.end(body.slice(10));

      const reply = await answered;
      expect(reply.status, reply.body).toBe(201);
      expect(reply.connection).toBe('close');
      expect(await exited).toBe(0);
      expect(output).toContain('"msg":"stopped"');
      // Every line the request logged carries its id.
      const requestLines = output
        .split('\n')
        .filter((line) => line.startsWith('{') && line.includes('"req"'))
        .map((line) => JSON.parse(line) as { reqId?: string });
      expect(requestLines.length).toBeGreaterThan(0);
      expect(requestLines.every((line) => line.reqId === requestId)).toBe(true);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await t.close();
    }
  });
});
