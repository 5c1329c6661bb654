import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { changePointer, readHistory, readPointer, writePointer } from './pointer-store.mjs';
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

test('changes from several processes at once are all kept (the lock prevents lost updates)', async () => {
  const dir = temporaryDir();
  const files = { pointerFile: join(dir, 'remotes.json'), historyFile: join(dir, 'history.jsonl') };
  const worker = (id) =>
    runNode(`
      import { changePointer } from ${JSON.stringify(storeUrl)};
      for (let i = 0; i < 15; i += 1) {
        await changePointer(${JSON.stringify(files)}, { action: 'count', remote: null, actor: 'worker ${id}', reason: 'load test' }, (document) => {
          document.count = (document.count ?? 0) + 1;
          return { document, summary: { to: document.count } };
        });
      }
    `);
  await Promise.all([1, 2, 3, 4].map(worker));
  assert.equal(readPointer(files.pointerFile).count, 60);
  const history = readHistory(files.historyFile);
  assert.equal(history.length, 60);
  assert.deepEqual(
    history.map((entry) => entry.to).sort((a, b) => a - b),
    Array.from({ length: 60 }, (_, i) => i + 1),
  );
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
