import { rmSync } from 'node:fs';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import pg from 'pg';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../src/app.ts';
import type { BuildOptions } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';
import type { Database } from '../src/db/database.ts';
import { DATABASE_FREE_TESTS } from './database-free.ts';
import type { ReleaseStoreConfig } from '@reelmint/release/dashboard';
import { openPointerStore } from '@reelmint/release';
import type { EngineStatus, RenderRequest, VideoEngine } from '../src/videos/engine.ts';
import { ffmpegPath } from '../src/videos/ffmpeg.ts';

const API_DIR = fileURLToPath(new URL('..', import.meta.url));

export const DIALECT = process.env.DATABASE_URL ? 'postgres' : 'sqlite';

/**
 * A fresh database for one app, with the schema of the latest migration. The migrations run once per test worker,
 * into a template; each app then gets a copy of it (a copied file on SQLite, `CREATE DATABASE ... TEMPLATE` on
 * PostgreSQL), and opening the copy finds every migration applied. Running all of them for each app cost about 40 ms
 * of CPU per SQLite database and 60 ms per PostgreSQL one (plus the server's work), hundreds of times per run.
 * On PostgreSQL (DATABASE_URL points at the throwaway cluster) each app gets its own database, dropped when the app
 * closes.
 */
export async function freshDatabase(dir: string): Promise<Database & { url?: string }> {
  const testFile = relative(API_DIR, expect.getState().testPath ?? '');
  if (DATABASE_FREE_TESTS.includes(testFile)) throw new Error(`${testFile} opens a database: take it out of DATABASE_FREE_TESTS`);
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    // The file name the API uses in its data folder, so a worker process given DATA_DIR finds it.
    const sqlitePath = join(dir, 'reelmint.sqlite');
    await copyFile(await sqliteTemplate(), sqlitePath);
    return openDatabase({ sqlitePath });
  }
  const template = await postgresTemplate(adminUrl);
  const name = `t_${randomUUID().replaceAll('-', '')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template.name}${template.strategy}`);
  const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name), sqlitePath: '', maxConnections: 20 });
  return {
    ...database,
    url: databaseUrl(adminUrl, name),
    async close() {
      await database.close();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

let sqliteTemplateFile: Promise<string> | undefined;
/** A SQLite file the migrations have run on, closed (so its write-ahead log is folded in and removed), to copy. */
function sqliteTemplate(): Promise<string> {
  sqliteTemplateFile ??= (async () => {
    const dir = await mkdtemp(join(tmpdir(), 'reelmint-schema-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const path = join(dir, 'reelmint.sqlite');
    const database = await openDatabase({ sqlitePath: path });
    await database.close();
    return path;
  })();
  return sqliteTemplateFile;
}

let postgresTemplateDatabase: Promise<{ name: string; strategy: string }> | undefined;
/**
 * A database the migrations have run on, to create the apps' databases from; nothing stays connected to it, as
 * PostgreSQL requires of a template. It lives as long as the throwaway cluster. PostgreSQL 15 and later copy it
 * with FILE_COPY: for a database this small, a file copy is cheaper than writing every block to the WAL.
 */
function postgresTemplate(adminUrl: string): Promise<{ name: string; strategy: string }> {
  postgresTemplateDatabase ??= (async () => {
    const name = `schema_${randomUUID().replaceAll('-', '')}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name), sqlitePath: '' });
    await database.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const { rows } = await admin.query<{ server_version_num: string }>('SHOW server_version_num').finally(() => admin.end());
    return { name, strategy: Number(rows[0]!.server_version_num) >= 150_000 ? ' STRATEGY FILE_COPY' : '' };
  })();
  return postgresTemplateDatabase;
}

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256!';

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  /** The PostgreSQL database of this app, for other processes; undefined on SQLite. */
  databaseUrl: string | undefined;
  /** Where this app's release tooling keeps releases, the pointer and its history. */
  releaseFiles: ReleaseStoreConfig;
  close(): Promise<void>;
}

export async function createTestApp(overrides: Partial<BuildOptions> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'reelmint-api-'));
  const database: Database & { url?: string } = overrides.database ?? (await freshDatabase(dataDir));
  // The release tooling's documents in this app's folder (the pointer in its files unless the test says otherwise;
  // in the database, this app's own database).
  const releaseFiles: ReleaseStoreConfig = {
    releasesDir: join(dataDir, 'releases'),
    pointerFile: join(dataDir, 'remotes.json'),
    historyFile: join(dataDir, 'remotes.history.jsonl'),
    pointerStore: 'file',
    databaseUrl: database.url,
    sqlitePath: join(dataDir, 'reelmint.sqlite'),
    ...overrides.releaseFiles,
  };
  const app = await buildApp({
    database,
    dataDir,
    jwtSecret: TEST_SECRET,
    rateLimits: {
      auth: { max: 10_000, timeWindow: 60_000 },
      generate: { max: 10_000, timeWindow: 60_000 },
      passwordReset: { max: 10_000, timeWindow: 60_000 },
      checkout: { max: 10_000, timeWindow: 60_000 },
    },
    uploadLimits: { perMinute: 10_000 },
    loginLockout: { perAccount: 10_000, perAddress: 10_000 },
    worker: { idleIntervalMs: 50, progressIntervalMs: 40, staleAfterMs: 60_000 },
    renderTemplatePreviews: false,
    telemetry: { rateLimit: { max: 10_000, timeWindow: 60_000 } },
    canaryGuard: false,
    ...overrides,
    releaseFiles,
  });
  await app.ready();
  return {
    app,
    dataDir,
    databaseUrl: database.url,
    releaseFiles,
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

// Reply bodies default to `any`: each test asserts the fields it reads, which is the check.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test asserts the fields it reads
export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
}

/** inject() with JSON in and out, and an optional bearer token. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as Reply: the caller's assertions are the check
export async function call<T = any>(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; rawBody?: string } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let payload: string | undefined;
  if (options.rawBody !== undefined) {
    payload = options.rawBody;
    headers['content-type'] ??= 'application/json';
  } else if (options.body !== undefined) {
    payload = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const response = await app.inject({ method, url, headers, ...(payload !== undefined ? { payload } : {}) });
  let body: unknown = response.body;
  try {
    body = response.json();
  } catch {
    // Not JSON (HTML, media): keep the text.
  }
  return { status: response.statusCode, body: body as T, headers: response.headers };
}

let counter = 0;
export async function signUp(app: FastifyInstance, name = 'Test User') {
  counter += 1;
  const email = `user${counter}-${randomUUID().slice(0, 8)}@example.com`;
  const reply = await call(app, 'POST', '/api/auth/register', { body: { name, email, password: 'correct horse battery' } });
  if (reply.status !== 201) throw new Error(`sign up failed: ${JSON.stringify(reply.body)}`);
  return { token: reply.body.data.access_token as string, user: reply.body.data.user, email, password: 'correct horse battery' };
}

/** Polls `check` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs = 20_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * An engine for tests that need jobs but not real renders: it can succeed at once (writing tiny
 * placeholder files), fail, or never finish.
 */
export class ScriptedEngine implements VideoEngine {
  readonly name = 'local';
  submitted: RenderRequest[] = [];
  canceled: string[] = [];
  constructor(public mode: 'succeed' | 'fail' | 'hang' | 'throw' = 'succeed') {}

  async submit(request: RenderRequest): Promise<string> {
    if (this.mode === 'throw') throw new Error('engine unavailable');
    this.submitted.push(request);
    if (this.mode === 'succeed') {
      await writeFile(join(request.outputDir, `${request.jobId}.mp4`), Buffer.alloc(4096, 7));
      await writeFile(join(request.outputDir, `${request.jobId}.jpg`), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    }
    return `scripted:${request.jobId}`;
  }

  async poll(ref: string): Promise<EngineStatus> {
    const jobId = ref.slice('scripted:'.length);
    if (this.mode === 'succeed') return { state: 'succeeded', videoFile: `${jobId}.mp4`, posterFile: `${jobId}.jpg` };
    if (this.mode === 'fail') return { state: 'failed', error: 'forced failure' };
    return { state: 'running', progress: 10 };
  }

  async cancel(ref: string): Promise<void> {
    this.canceled.push(ref);
  }
}

/** A multipart/form-data body with one file part, for inject(). */
export function multipartBody(field: string, fileName: string, contentType: string, content: Buffer) {
  const boundary = `----reelmint${randomUUID().replaceAll('-', '')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST /api/upload with one picture, as the signed-in person with this token sends it. */
export function uploadPicture(app: FastifyInstance, token: string, fileName: string, contentType: string, content: Buffer) {
  const body = multipartBody('file', fileName, contentType, content);
  return app.inject({ method: 'POST', url: '/api/upload', headers: { ...body.headers, authorization: `Bearer ${token}` }, payload: body.payload });
}

/** Renders a small test picture with the bundled ffmpeg, in the format the extension names. */
export async function makePicture(dir: string, name: string, size = '320x180'): Promise<Buffer> {
  const { runFfmpeg } = await import('../src/videos/ffmpeg.ts');
  const path = join(dir, name);
  await runFfmpeg(['-y', '-f', 'lavfi', '-i', `testsrc2=s=${size}`, '-frames:v', '1', path]).done;
  const { readFile } = await import('node:fs/promises');
  return readFile(path);
}

/** Stream lines that `ffmpeg -i` prints, e.g. "Video: h264 ... 912x512". */
export async function probe(file: string): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(ffmpegPath(), ['-hide_banner', '-i', file], { stdio: ['ignore', 'ignore', 'pipe'] });
    let text = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    child.on('close', () => resolve(text));
  });
}

/**
 * Makes one change of the release pointer the way the release CLI does (its store, its lock, its history line),
 * setting the whole document: for tests that need a pointer in a given state, in the files or the database.
 */
export async function setPointer(
  config: ReleaseStoreConfig,
  change: { action: string; remote: string | null; actor: string; reason: string | null; from?: string | null; to?: string | null },
  document: { remotes: Record<string, unknown> },
): Promise<void> {
  const store = await openPointerStore(config);
  try {
    const { from = null, to = null, ...rest } = change;
    await store.change(rest, () => ({ document, summary: { from, to } }));
  } finally {
    await store.close();
  }
}
