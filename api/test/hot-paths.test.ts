import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from '../src/db/database.ts';
import { call, createTestApp, signUp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

// The shortcuts the hot paths take (api/bench) must not change what a caller gets.
let apps: TestApp[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(apps.map((t) => t.close()));
  apps = [];
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('prepared SQLite statements', () => {
  async function sqlite() {
    const dir = await mkdtemp(join(tmpdir(), 'reelmint-statements-'));
    dirs.push(dir);
    const raw = new BetterSqlite3(join(dir, 'db.sqlite'));
    const prepared: string[] = [];
    const counting = { prepare: (sql: string) => (prepared.push(sql), raw.prepare(sql)), close: () => raw.close() };
    return { raw, prepared, counting };
  }

  it('prepares each statement once, keeps the most recently used, and follows a schema change', async () => {
    const { raw, prepared, counting } = await sqlite();
    const db = withStatementCache(counting, 2);
    db.prepare('create table t (a integer)').run([]);
    db.prepare('insert into t (a) values (?)').run([1]);
    db.prepare('insert into t (a) values (?)').run([2]);
    expect(db.prepare('select * from t order by a').all([])).toEqual([{ a: 1 }, { a: 2 }]);
    expect(prepared.filter((sql) => sql.startsWith('insert'))).toHaveLength(1);

    // The table changes under a kept statement: SQLite prepares it again by itself.
    raw.exec("alter table t add column b text default 'x'");
    expect(db.prepare('select * from t order by a').all([])).toEqual([
      { a: 1, b: 'x' },
      { a: 2, b: 'x' },
    ]);
    expect(prepared.filter((sql) => sql.startsWith('select'))).toHaveLength(1);

    // Two kept at most: the least recently used is prepared again when it comes back.
    db.prepare('select a from t').all([]);
    db.prepare('select b from t').all([]);
    db.prepare('select * from t order by a').all([]);
    expect(prepared.filter((sql) => sql === 'select * from t order by a')).toHaveLength(2);
    db.close();
  });
});

describe('an authenticated request', () => {
  it('sees the balance as it is now, and a session that ended is refused at once', async () => {
    const t = await createTestApp({ worker: false });
    apps.push(t);
    const { token } = await signUp(t.app);
    const before = await call(t.app, 'GET', '/api/user/credits', { token });
    expect(before.status).toBe(200);
    const spent = await call(t.app, 'POST', '/api/user/credits/deduct', {
      token,
      headers: { 'idempotency-key': 'hot-path-spend' },
      body: { amount: 1, metadata: { type: 'video_generation', timestamp: new Date().toISOString() } },
    });
    expect(spent.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/user/credits', { token })).body.data.balance).toBe(before.body.data.balance - 1);

    const other = await signUp(t.app);
    expect((await call(t.app, 'GET', '/api/user/credits', { token: other.token })).body.data.balance).toBe(before.body.data.balance);

    expect((await call(t.app, 'POST', '/api/auth/logout', { token })).status).toBe(200);
    const after = await call(t.app, 'GET', '/api/user/credits', { token });
    expect(after.status).toBe(401);
    expect(after.body.error).toBe('UNAUTHENTICATED');
  });

  it('carries the protective headers on answers and refusals alike', async () => {
    const t = await createTestApp({ worker: false });
    apps.push(t);
    const { token } = await signUp(t.app);
    for (const reply of [
      await call(t.app, 'GET', '/api/user/credits', { token }),
      await call(t.app, 'GET', '/api/user/credits'),
      await call(t.app, 'GET', '/api/nowhere'),
    ]) {
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(reply.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(reply.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(reply.headers['content-security-policy']).toContain("default-src 'self'");
      expect(reply.headers['x-powered-by']).toBeUndefined();
    }
  });
});
