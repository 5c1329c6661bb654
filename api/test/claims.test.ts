import { afterEach, describe, expect, it } from 'vitest';
import { claimNextJob } from '../src/videos/jobs.ts';
import type { CoreContext } from '../src/context.ts';
import { call, createTestApp, DIALECT, signUp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const TEXT = { type: 'text-to-video', prompt: 'A lighthouse in a storm', model: 'v1.0', resolution: '512p', duration: '5s' };

let apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.map((t) => t.close()));
  apps = [];
});

describe(`claiming jobs under a provider's in-flight limit (${DIALECT})`, () => {
  it('never puts more jobs in flight than the limit, however many workers claim at the same moment', async () => {
    // No worker in the app: the test is every worker, claiming through the database's connection pool at once.
    const t = await createTestApp({ worker: false });
    apps.push(t);
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      // One job per person: a free account has one job at a time.
      const { token } = await signUp(t.app);
      const reply = await call(t.app, 'POST', '/api/videos/generate', { token, body: { ...TEXT, prompt: `${TEXT.prompt} ${i}` } });
      expect(reply.status).toBe(202);
      ids.push(reply.body.data.id);
    }
    const engine = (await t.app.services.db.selectFrom('videos').select('engine').where('id', '=', ids[0]!).executeTakeFirstOrThrow()).engine;
    const ctx: CoreContext = { db: t.app.services.db, dialect: DIALECT, now: () => new Date() };
    const limit = { engine, max: 2 };

    // Several rounds, since a race shows only when the claims really overlap.
    for (let round = 0; round < 8; round += 1) {
      await t.app.services.db.updateTable('videos').set({ status: 'queued', worker_id: null }).where('id', 'in', ids).execute();
      const claimed = (await Promise.all(Array.from({ length: 8 }, (_, i) => claimNextJob(ctx, `worker-${round}-${i}`, limit)))).filter((job) => job !== null);
      const inFlight = await t.app.services.db.selectFrom('videos').select('id').where('status', '=', 'processing').where('engine', '=', engine).execute();
      expect(inFlight, `round ${round}`).toHaveLength(2);
      expect(claimed.map((job) => job.id).sort(), `round ${round}`).toEqual(inFlight.map((row) => row.id).sort());
    }
  });
});
