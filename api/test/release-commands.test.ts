import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELEASE_MANAGER } from '@reelmint/contract/account-api';
import { releaseRunner } from '@reelmint/release';
import type { ReleaseRunner } from '@reelmint/release';
import { call, createTestApp, setPointer, signUp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

/** Each command is the real CLI's, on the API's database: seconds apiece on a busy machine. */
const CLI_TIMEOUT = 120_000;

// `npm run release -- grant-release-manager`, `revoke-release-manager` and `watch`, run as a release manager
// runs them: the CLI's commands given the API's environment (its database and release documents).
describe('the release commands that work on the API database', () => {
  let t: TestApp;
  let release: ReleaseRunner;
  beforeAll(async () => {
    t = await createTestApp();
    // The API's database as the API finds it: DATABASE_URL (PostgreSQL), else the SQLite file in DATA_DIR.
    release = releaseRunner(t.releaseFiles, { ...process.env, DATA_DIR: t.dataDir, DATABASE_URL: t.databaseUrl ?? '' });
  });
  afterAll(async () => t.close());

  it(
    'grant-release-manager opens the dashboard to an existing account, and revoke-release-manager closes it again',
    async () => {
      const ada = await signUp(t.app, 'Ada Lovelace');
      const overview = async () => (await call(t.app, 'GET', '/api/release/overview', { token: ada.token })).status;
      expect(await overview()).toBe(403);

      const granted = await release(['grant-release-manager', ada.email], 'Grace (test)');
      expect(granted.code, granted.output).toBe(0);
      expect(granted.output).toContain(`${ada.email} is now a release manager`);
      expect((await call(t.app, 'GET', '/api/auth/me', { token: ada.token })).body.data.roles).toEqual([RELEASE_MANAGER]);
      expect(await overview()).toBe(200);

      const revoked = await release(['revoke-release-manager', ada.email], 'Grace (test)');
      expect(revoked.code, revoked.output).toBe(0);
      expect(revoked.output).toContain(`${ada.email} is no longer a release manager`);
      expect(await overview()).toBe(403);
    },
    CLI_TIMEOUT,
  );

  it(
    'grant-release-manager refuses an address no account uses, and one that is not an address, saying what to do',
    async () => {
      const unknown = await release(['grant-release-manager', 'nobody@example.com'], 'Grace (test)');
      expect(unknown.code).toBe(1);
      expect(unknown.output).toContain('No account uses nobody@example.com: the person signs up first, then gets the role.');
      const malformed = await release(['grant-release-manager', 'ada'], 'Grace (test)');
      expect(malformed.code).toBe(1);
      expect(malformed.output).toContain('grant-release-manager needs the email of an account');
    },
    CLI_TIMEOUT,
  );

  it(
    "watch --once prints each remote's live version with the visits and errors visitors reported, from the same database and pointer",
    async () => {
      await setPointer(
        t.releaseFiles,
        { action: 'promote', remote: 'billing', actor: 'Ada', reason: 'the local build', from: null, to: 'local' },
        { remotes: { billing: { version: 'local', entry: 'http://localhost:5176/remoteEntry.js', previous: [] } } },
      );
      const events = [
        { remote: 'billing', version: 'local', canary: false, kind: 'load', ms: 200 },
        { remote: 'billing', version: 'local', canary: false, kind: 'load', ms: 400 },
        { remote: 'billing', version: 'local', canary: false, kind: 'render-error', detail: 'TypeError' },
      ];
      expect((await call(t.app, 'POST', '/api/telemetry/remotes', { body: { events } })).status).toBe(202);

      const watched = await release(['watch', '--once'], 'Grace (test)');
      expect(watched.code, watched.output).toBe(0);
      const lines = watched.output.split('\n');
      expect(lines.find((line) => line.startsWith('  live') && line.includes('local'))).toMatch(/\s2\s+1\s+50\.0%/);
      expect(lines.filter((line) => line === '  not in the pointer')).toHaveLength(2);
      expect(watched.output).toContain('the local build');
    },
    CLI_TIMEOUT,
  );
});
