import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { alive, until } from './harness.mjs';
import { RESTART_BACKOFF, createSupervisor, restartDelay } from './supervisor.mjs';

const dir = mkdtempSync(join(tmpdir(), 'reelmint-supervisor-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A process that runs until it is stopped. */
const forever = [process.execPath, ['-e', 'setInterval(() => {}, 1000); console.log("up")']];

function supervisor(name, restart) {
  const lines = [];
  const stateFile = join(dir, `${name}.json`);
  const supervised = createSupervisor({ stateFile, logsDir: join(dir, name), restart, log: (line) => lines.push(line) });
  const state = () => JSON.parse(readFileSync(stateFile, 'utf8')).processes[0];
  return { supervised, lines, state };
}

test('the back-off doubles from 1 s and stops growing at 30 s', () => {
  assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 20].map(restartDelay), [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  assert.equal(RESTART_BACKOFF.maxMs, 30_000);
});

test('a process killed outright is started again, with a new pid in the list and its log kept', async (t) => {
  const { supervised, lines, state } = supervisor('restart', true);
  const entry = supervised.launch('sleeper', null, ...forever, { cwd: dir });
  t.after(() => supervised.stopAll());
  supervised.supervise();
  const first = entry.child.pid;
  await until('the first start to log', () => readFileSync(entry.logFile, 'utf8') === 'up\n');
  process.kill(first, 'SIGKILL');
  await until('the restart', () => state().pid !== first && alive(state().pid) && readFileSync(entry.logFile, 'utf8').match(/^up$/gm)?.length === 2, 10_000);
  assert.equal(state().restarts, 1);
  assert.match(readFileSync(entry.logFile, 'utf8'), /^up\n\n--- restarted by the cluster's supervisor at \S+ ---\nup\n$/);
  assert.deepEqual(lines.slice(0, 2), [`sleeper exited (SIGKILL); its log: ${entry.logFile}`, 'Restarting sleeper in 1 s']);
  const second = state().pid;
  await supervised.stopAll();
  assert.equal(alive(second), false);
});

test('with restarts off (--no-restart), or before the cluster has started, a process that ends stays down', async (t) => {
  for (const [name, restart, supervise] of [
    ['off', false, true],
    ['starting', true, false],
  ]) {
    const { supervised, lines } = supervisor(name, restart);
    const entry = supervised.launch('sleeper', null, ...forever, { cwd: dir });
    t.after(() => supervised.stopAll());
    if (supervise) supervised.supervise();
    process.kill(entry.child.pid, 'SIGKILL');
    await until('the end to be seen', () => entry.exited);
    assert.deepEqual(lines, [`sleeper exited (SIGKILL); its log: ${entry.logFile}`], name);
    await supervised.stopAll();
  }
});
