import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { releaseConfig } from './config.mjs';
import { changePointer, openPointerStore, readHistory, readPointer, withPointerLock, writePointer } from './pointer-store.mjs';
import { temporaryDir } from './fixtures.mjs';

const storeUrl = new URL('./pointer-store.mjs', import.meta.url).href;

function runNode(source) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', source], { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`child exited with ${code}`))));
  });
}

test('a reader never sees a half-written pointer while another process rewrites it', async () => {
  const dir = temporaryDir();
  const file = join(dir, 'remotes.json');
  // Big documents make a torn read likely if the write were not atomic.
  const big = (n) => ({ remotes: { billing: { version: `${n}.0.0`, entry: 'http://x/remoteEntry.js', padding: 'x'.repeat(300_000) } } });
  writePointer(file, big(0));
  const writer = runNode(`
    import { writePointer } from ${JSON.stringify(storeUrl)};
    const big = ${big.toString()};
    for (let n = 1; n <= 150; n += 1) writePointer(${JSON.stringify(file)}, big(n));
  `);
  let done = false;
  writer.finally(() => (done = true));
  let reads = 0;
  while (!done) {
    const document = JSON.parse(readFileSync(file, 'utf8'));
    assert.match(document.remotes.billing.version, /^\d+\.0\.0$/);
    assert.equal(document.remotes.billing.padding.length, 300_000);
    reads += 1;
    await new Promise((resolve) => setImmediate(resolve));
  }
  await writer;
  assert.ok(reads > 1, 'the reader ran while the writer was writing');
  assert.equal(readPointer(file).remotes.billing.version, '150.0.0');
  assert.deepEqual(readdirSync(dir), ['remotes.json'], 'no temporary file is left behind');
});

/** The id of a process that has exited, as a crashed release command leaves in its lock. */
function deadPid() {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

test('changes from several processes at once are all kept, one at a time, even racing to break a stale lock', async () => {
  const dir = temporaryDir();
  const files = { pointerFile: join(dir, 'remotes.json'), historyFile: join(dir, 'history.jsonl') };
  // Left by a crashed command: every worker finds it at start and tries to break it.
  writeFileSync(`${files.pointerFile}.lock`, `${deadPid()}:crashed`);
  // Each worker creates this marker exclusively while it holds the lock: two holders at once would collide.
  const inside = join(dir, 'inside');
  const worker = (id) =>
    runNode(`
      import { openSync, closeSync, rmSync } from 'node:fs';
      import { changePointer } from ${JSON.stringify(storeUrl)};
      for (let i = 0; i < 15; i += 1) {
        await changePointer(${JSON.stringify(files)}, { action: 'count', remote: null, actor: 'worker ${id}', reason: 'load test' }, (document) => {
          closeSync(openSync(${JSON.stringify(inside)}, 'wx'));
          document.count = (document.count ?? 0) + 1;
          rmSync(${JSON.stringify(inside)});
          return { document, summary: { to: document.count } };
        });
      }
    `);
  await Promise.all([1, 2, 3, 4, 5, 6].map(worker));
  assert.equal(readPointer(files.pointerFile).count, 90);
  const history = readHistory(files.historyFile);
  assert.equal(history.length, 90);
  assert.deepEqual(
    history.map((entry) => entry.to).sort((a, b) => a - b),
    Array.from({ length: 90 }, (_, i) => i + 1),
  );
  assert.deepEqual(readdirSync(dir).sort(), ['history.jsonl', 'remotes.json'], 'no lock or broken-lock file is left behind');
});

test('a lock held by a live process is never broken, however old, and a holder never removes a lock it no longer owns', async () => {
  const dir = temporaryDir();
  const file = join(dir, 'remotes.json');
  const lockFile = `${file}.lock`;
  writeFileSync(lockFile, `${process.pid}:someone-else`);
  utimesSync(lockFile, new Date(0), new Date(0));
  await assert.rejects(
    withPointerLock(file, async () => 'ran', { waitMs: 200 }),
    /holds .*remotes\.json\.lock/,
  );
  assert.equal(readFileSync(lockFile, 'utf8'), `${process.pid}:someone-else`);

  rmSync(lockFile);
  await withPointerLock(file, async () => {
    assert.match(readFileSync(lockFile, 'utf8'), new RegExp(`^${process.pid}:`));
    // Someone took the lock over while this change ran: releasing must leave theirs alone.
    writeFileSync(lockFile, 'other:token');
  });
  assert.equal(readFileSync(lockFile, 'utf8'), 'other:token');
});

test('every change is appended to the history with who, when and why; no change, no entry', async () => {
  const dir = temporaryDir();
  const files = { pointerFile: join(dir, 'remotes.json'), historyFile: join(dir, 'history.jsonl') };
  const promote = (version) =>
    changePointer(files, { action: 'promote', remote: 'billing', actor: 'Grace', reason: `ship ${version}` }, (document) => {
      const from = document.remotes.billing?.version ?? null;
      if (from === version) return null;
      document.remotes.billing = { version, entry: `http://x/${version}/remoteEntry.js` };
      return { document, summary: { from, to: version } };
    });
  await promote('1.0.0');
  await promote('1.1.0');
  const unchanged = await promote('1.1.0');
  assert.equal(unchanged.changed, false);
  const history = readHistory(files.historyFile);
  assert.equal(history.length, 2);
  assert.deepEqual(
    history.map(({ actor, action, remote, reason, from, to }) => ({ actor, action, remote, reason, from, to })),
    [
      { actor: 'Grace', action: 'promote', remote: 'billing', reason: 'ship 1.0.0', from: null, to: '1.0.0' },
      { actor: 'Grace', action: 'promote', remote: 'billing', reason: 'ship 1.1.0', from: '1.0.0', to: '1.1.0' },
    ],
  );
  assert.ok(!Number.isNaN(Date.parse(history[1].at)));
  assert.equal(readPointer(files.pointerFile).updatedAt, history[1].at);
});

test('a failed change leaves the pointer as it was and releases the lock', async () => {
  const dir = temporaryDir();
  const files = { pointerFile: join(dir, 'remotes.json'), historyFile: join(dir, 'history.jsonl') };
  writePointer(files.pointerFile, { remotes: { billing: { version: '1.0.0', entry: 'http://x/remoteEntry.js' } } });
  await assert.rejects(
    changePointer(files, { action: 'promote', remote: 'billing', actor: 'x', reason: 'y' }, () => {
      throw new Error('refused');
    }),
    /refused/,
  );
  assert.equal(readPointer(files.pointerFile).remotes.billing.version, '1.0.0');
  assert.deepEqual(readHistory(files.historyFile), []);
  const after = await changePointer(files, { action: 'noop', remote: null, actor: 'x', reason: 'y' }, () => null);
  assert.equal(after.changed, false);
});

test('the pointer stays in its file unless REMOTES_POINTER_STORE says database, as for `npm start`; any other value is refused', async () => {
  const dir = temporaryDir();
  const config = releaseConfig({ REMOTES_POINTER: join(dir, 'remotes.json') });
  assert.equal(config.pointerStore, 'file');
  const store = await openPointerStore(config);
  assert.equal(store.kind, 'file');
  assert.equal(store.where, join(dir, 'remotes.json'));
  assert.equal(releaseConfig({ REMOTES_POINTER_STORE: 'database' }).pointerStore, 'database');
  assert.throws(() => releaseConfig({ REMOTES_POINTER_STORE: 'postgres' }), /REMOTES_POINTER_STORE must be "file" or "database", not "postgres"/);
});
