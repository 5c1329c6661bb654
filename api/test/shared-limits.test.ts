import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const API_DIR = join(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts a child and resolves once a line of its output matches `ready`. */
function start(command: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: API_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) resolve(child);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${command} exited with ${code}: ${output}`)));
  });
}

function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Sends many sign-ins for one account at once, from as many addresses, spread over the apps; answers each status. */
async function burst(apps: TestApp['app'][], attempts: Array<{ password: string }>, email: string): Promise<number[]> {
  const replies = await Promise.all(
    attempts.map((attempt, i) =>
      apps[i % apps.length]!.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: `10.9.${Math.floor(i / 250)}.${i % 250}`,
        payload: { email, password: attempt.password },
      }),
    ),
  );
  return replies.map((reply) => reply.statusCode);
}

describe('limits shared across API processes through Redis', () => {
  const children: ChildProcess[] = [];
  const dirs: string[] = [];
  let apis: string[] = [];
  let redisPort = 0;

  beforeAll(async () => {
    redisPort = await freePort();
    children.push(
      await start(
        'redis-server',
        ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        process.env,
        /Ready to accept connections/,
      ),
    );
    apis = [];
    for (let i = 0; i < 2; i += 1) {
      const port = await freePort();
      const dataDir = await mkdtemp(join(tmpdir(), 'reelmint-shared-'));
      dirs.push(dataDir);
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        // Each process on its own SQLite file: only Redis is shared.
        DATABASE_URL: '',
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        RATE_LIMIT_AUTH: '6',
        LOGIN_LOCKOUT_ACCOUNT: '3',
        RUN_WORKER: 'false',
        TEMPLATE_PREVIEWS: 'off',
        LOG_LEVEL: 'warn',
      };
      children.push(await start(process.execPath, ['--import', 'tsx', 'src/main.ts'], env, /listening on/));
      apis.push(`http://127.0.0.1:${port}`);
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.all(children.map(stop));
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  const login = async (api: string, email: string, password = 'not the password') => {
    const response = await fetch(`${api}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    return { status: response.status, body: (await response.json()) as { error: string | null } };
  };

  it('locks an account after failures spread over both processes, then limits the address across both', async () => {
    const [a, b] = apis as [string, string];
    // Three failures for one account, on alternating processes: the fourth attempt is refused
    // by whichever process gets it.
    expect((await login(a, 'target@example.com')).body.error).toBe('INVALID_CREDENTIALS');
    expect((await login(b, 'target@example.com')).body.error).toBe('INVALID_CREDENTIALS');
    expect((await login(a, 'target@example.com')).body.error).toBe('INVALID_CREDENTIALS');
    const locked = await login(b, 'target@example.com');
    expect(locked.status).toBe(429);
    expect(locked.body.error).toBe('ACCOUNT_LOCKED');
    // Another account is not locked, but the address has now used five of its six requests
    // a minute, counted over both processes.
    expect((await login(a, 'other@example.com')).body.error).toBe('INVALID_CREDENTIALS');
    expect((await login(b, 'other@example.com')).body.error).toBe('INVALID_CREDENTIALS');
    const limited = await login(a, 'other@example.com');
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('RATE_LIMITED');
    expect((await login(b, 'third@example.com')).status).toBe(429);
  });

  it('checks at most the allowed guesses of a burst spread over two instances that share the Redis', async () => {
    const apps = [
      await createTestApp({ redisUrl: `redis://127.0.0.1:${redisPort}`, loginLockout: { perAccount: 10, perAddress: 1000 } }),
      await createTestApp({ redisUrl: `redis://127.0.0.1:${redisPort}`, loginLockout: { perAccount: 10, perAddress: 1000 } }),
    ];
    try {
      const statuses = await burst(
        apps.map((t) => t.app),
        Array.from({ length: 60 }, () => ({ password: 'a wrong guess' })),
        'burst-target@example.com',
      );
      expect(statuses.filter((status) => status === 401)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(50);
    } finally {
      await Promise.all(apps.map((t) => t.close()));
    }
  });
});

describe('login lockout in one process (no Redis)', () => {
  it('locks one account after repeated failures from any address, even for the right password, and not others', async () => {
    const t = await createTestApp({ loginLockout: { perAccount: 3, perAddress: 100 } });
    try {
      const register = await call(t.app, 'POST', '/api/auth/register', {
        body: { name: 'Locked', email: 'locked@example.com', password: 'correct horse battery' },
      });
      expect(register.status).toBe(201);
      for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
        const reply = await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: ip,
          payload: { email: 'Locked@example.com', password: 'wrong guess' },
        });
        expect(reply.json().error).toBe('INVALID_CREDENTIALS');
      }
      const right = await call(t.app, 'POST', '/api/auth/login', { body: { email: 'locked@example.com', password: 'correct horse battery' } });
      expect(right.status).toBe(429);
      expect(right.body.error).toBe('ACCOUNT_LOCKED');
      const other = await call(t.app, 'POST', '/api/auth/login', { body: { email: 'free@example.com', password: 'whatever it is' } });
      expect(other.body.error).toBe('INVALID_CREDENTIALS');
    } finally {
      await t.close();
    }
  });

  it('checks at most the allowed guesses however many arrive at once, and a right password among the rest waits too', async () => {
    const t = await createTestApp({ loginLockout: { perAccount: 10, perAddress: 1000 } });
    try {
      const register = await call(t.app, 'POST', '/api/auth/register', {
        body: { name: 'Burst', email: 'burst@example.com', password: 'correct horse battery' },
      });
      expect(register.status).toBe(201);
      const attempts = [...Array.from({ length: 59 }, () => ({ password: 'a wrong guess' })), { password: 'correct horse battery' }];
      const statuses = await burst([t.app], attempts, 'burst@example.com');
      // Exactly ten passwords were checked (the right one among them or not); every other attempt was refused unchecked.
      expect(statuses.filter((status) => status === 401 || status === 200)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(50);
      expect(statuses.at(-1)).toBe(429);
      const after = await call(t.app, 'POST', '/api/auth/login', { body: { email: 'burst@example.com', password: 'correct horse battery' } });
      expect([after.status, after.body.error]).toEqual([429, 'ACCOUNT_LOCKED']);
    } finally {
      await t.close();
    }
  });

  it('gives a right password its attempt back: an address signing in often is not locked by its successes', async () => {
    const t = await createTestApp({ loginLockout: { perAccount: 3, perAddress: 3 } });
    try {
      await call(t.app, 'POST', '/api/auth/register', { body: { name: 'Often', email: 'often@example.com', password: 'correct horse battery' } });
      for (let i = 0; i < 6; i += 1) {
        const reply = await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '10.0.0.20',
          payload: { email: 'often@example.com', password: 'correct horse battery' },
        });
        expect(reply.statusCode).toBe(200);
      }
    } finally {
      await t.close();
    }
  });

  it('locks one address that tries many accounts', async () => {
    const t = await createTestApp({ loginLockout: { perAccount: 100, perAddress: 3 } });
    try {
      for (let i = 0; i < 3; i += 1) {
        const reply = await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '10.0.0.9',
          payload: { email: `n${i}@example.com`, password: 'guess' },
        });
        expect(reply.json().error).toBe('INVALID_CREDENTIALS');
      }
      const fourth = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.0.0.9',
        payload: { email: 'n9@example.com', password: 'guess' },
      });
      expect(fourth.statusCode).toBe(429);
      const elsewhere = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.0.0.10',
        payload: { email: 'n9@example.com', password: 'guess' },
      });
      expect(elsewhere.json().error).toBe('INVALID_CREDENTIALS');
    } finally {
      await t.close();
    }
  });
});
