// Small builds, temporary folders and a release CLI on its own database for the release tests (and the shell
// server's, as @reelmint/release/testing).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/** A temporary folder removed when the test file's process ends. */
export function temporaryDir(prefix = 'reelmint-release-test-') {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A folder shaped like a remote's dist: mf-manifest.json with the singletons it requires, an entry, one asset. */
export function fakeDist(dir, { name = 'billing', requires = { '@reelmint/shared': '^1.0.0', react: '^19.0.0' }, marker = 'v1' } = {}) {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  const shared = Object.entries(requires).map(([pkg, requiredVersion]) => ({
    id: `${name}:${pkg}`,
    name: pkg,
    version: '0.0.0',
    singleton: true,
    requiredVersion,
  }));
  writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify({ id: name, name, metaData: { pluginVersion: '1.23.0' }, shared, exposes: [] }));
  writeFileSync(join(dir, 'remoteEntry.js'), `export const marker = ${JSON.stringify(marker)};\n`);
  writeFileSync(join(dir, 'assets', 'chunk-abc.js'), `export default ${JSON.stringify(marker)};\n`);
  return dir;
}

/** A shell dist whose mf-manifest.json provides these versions. */
export function fakeShellDist(dir, provides = { '@reelmint/shared': '1.0.0', react: '19.3.1', 'react-dom': '19.3.1', i18next: '26.7.2' }) {
  mkdirSync(dir, { recursive: true });
  const shared = Object.entries(provides).map(([pkg, version]) => ({
    id: `shell:${pkg}`,
    name: pkg,
    version,
    singleton: true,
    requiredVersion: `^${version}`,
  }));
  writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify({ id: 'shell', name: 'shell', shared, exposes: [] }));
  return dir;
}

/** Environment for a release run entirely inside `dir`. */
export function releaseEnv(dir, extra = {}) {
  return {
    RELEASES_DIR: join(dir, 'releases'),
    REMOTES_POINTER: join(dir, 'remotes.json'),
    SHELL_DIST: join(dir, 'shell-dist'),
    RELEASE_ACTOR: 'Ada (test)',
    ...extra,
  };
}

const cli = fileURLToPath(new URL('./cli.mjs', import.meta.url));
const run = promisify(execFile);

/**
 * A database of this test's own in the PostgreSQL cluster DATABASE_URL names, dropped when the test ends, so the
 * tests share nothing with each other or with another suite using the same cluster.
 */
export async function postgresDatabase(t, adminUrl) {
  const { default: pg } = await import('pg');
  const name = `release_${randomBytes(8).toString('hex')}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  t.after(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A release CLI whose pointer lives in a database of its own: on SQLite (a file in the test's folder) by default; on
 * PostgreSQL when DATABASE_URL is set, as `npm test` does (`npm run test:release:postgres`, against a throwaway
 * cluster). `release` runs the CLI in a process of its own; `publish` publishes a small billing build as a version.
 */
export async function releaseOnDatabase(t) {
  const dir = temporaryDir();
  const env = releaseEnv(dir, {
    REMOTE_ORIGIN_BILLING: 'http://localhost:7176',
    SHELL_ORIGIN: 'http://127.0.0.1:9',
    REMOTES_POINTER_STORE: 'database',
    DATA_DIR: join(dir, 'api-data'),
    // Set or absent, never inherited: an empty value means the SQLite file in DATA_DIR.
    DATABASE_URL: process.env.DATABASE_URL ? await postgresDatabase(t, process.env.DATABASE_URL) : '',
  });
  fakeShellDist(env.SHELL_DIST);
  const release = async (...args) => {
    try {
      const { stdout } = await run(process.execPath, [cli, ...args], { env: { ...process.env, ...env } });
      return { code: 0, out: stdout };
    } catch (error) {
      return { code: error.code, out: `${error.stdout}${error.stderr}` };
    }
  };
  const publish = async (version) => {
    const out = await release(
      'publish',
      'billing',
      '--dist',
      fakeDist(join(dir, `dist-${version}`), { marker: version }),
      '--version',
      version,
      '--allow-dirty',
    );
    assert.equal(out.code, 0, out.out);
    return /Published billing (\S+)/.exec(out.out)[1];
  };
  return { dir, env, release, publish };
}

/** The bytes as they went over the wire (fetch would decode them itself), with the response's headers. */
export function getRaw(url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ response: { status: response.statusCode, headers: new Headers(response.headers) }, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}
