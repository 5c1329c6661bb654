import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../src/app.ts';
import { grantInTransaction } from '../src/credits/ledger.ts';
import { openDatabase } from '../src/db/database.ts';

/**
 * The servers under test, in a process of their own so the load generator does not share their
 * event loop: the API (SQLite in a temp folder, or DATABASE_URL) and a bare Fastify route.
 */
const dataDir = await mkdtemp(join(tmpdir(), 'reelmint-bench-'));
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, sqlitePath: join(dataDir, 'bench.sqlite') });
const app = await buildApp({
  database,
  dataDir,
  jwtSecret: 'benchmark-secret-that-is-long-enough-for-hs256',
  worker: false,
  rateLimits: { auth: { max: 1_000_000, timeWindow: 60_000 }, generate: { max: 1_000_000, timeWindow: 60_000 } },
});
const apiUrl = await app.listen({ port: 0, host: '127.0.0.1' });

const registered = await app.inject({
  method: 'POST',
  url: '/api/auth/register',
  payload: { name: 'Bench', email: `bench-${Date.now()}@example.com`, password: 'benchmark password' },
});
const { access_token: token, user } = registered.json().data as { access_token: string; user: { id: string } };
// Through the ledger like any grant, so the books still balance after the run.
await app.services.db
  .transaction()
  .execute((trx) => grantInTransaction(trx, app.services, { userId: user.id, amount: 1_000_000_000, idempotencyKey: 'bench:grant', source: 'bench' }));

const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ success: true, data: { balance: 1 }, error: null, message: 'OK' }));
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

process.send?.({ apiUrl, bareUrl, token, dialect: database.dialect });
process.on('message', async (message) => {
  if (message === 'stop') {
    await Promise.all([app.close(), bare.close()]);
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
});
