// What the chaos test and the bench share: a cluster started from start.mjs in a folder of its own, its processes'
// list, and waiting on a state with a ceiling.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const START = fileURLToPath(new URL('./start.mjs', import.meta.url));

/** A process that runs: a zombie (ended, not yet reaped) does not. */
export const alive = (pid) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch {
    return false;
  }
};

/** Polls `check` (sync or async) until it holds, at most `ms`; a check that throws counts as not yet. */
export async function until(what, check, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (
      await Promise.resolve()
        .then(check)
        .catch(() => false)
    )
      return;
    if (Date.now() > deadline) throw new Error(`Timed out after ${ms / 1000} s waiting for ${what}`);
    await delay(100);
  }
}

/**
 * Starts `npm run start:cluster -- --no-build` (the builds must be there) with its data in a new temporary folder.
 * @param {string[]} [extraArgs] more of start.mjs's flags
 */
export async function startCluster(extraArgs = []) {
  const dir = mkdtempSync(join(tmpdir(), 'reelmint-cluster-'));
  // PostgreSQL runs as its own user when this runs as root: it has to reach its folder in here.
  chmodSync(dir, 0o755);
  const env = { ...process.env, CLUSTER_DIR: dir };
  const child = spawn(process.execPath, [START, '--no-build', ...extraArgs], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let exited = null;
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  child.on('exit', (code, signal) => (exited = { code, signal }));
  await new Promise((resolve, reject) => {
    child.stdout.on('data', () => output.includes('cluster is running') && resolve());
    child.on('exit', () => reject(new Error(`The cluster did not start:\n${output}`)));
  });
  return {
    dir,
    /** What start.mjs printed so far: the supervisor's restarts among it. */
    output: () => output,
    /** `--status`: the processes with their role, port, pid, restarts and whether each is alive. */
    status() {
      const result = spawnSync(process.execPath, [START, '--status'], { env, encoding: 'utf8' });
      return JSON.parse(result.stdout);
    },
    /** One process of the list by its role. */
    process(role) {
      return this.status().processes.find((entry) => entry.role === role);
    },
    /** Stops the cluster the way Ctrl-C does and removes its folder. */
    async stop() {
      if (exited === null) {
        child.kill('SIGTERM');
        await until('the cluster to stop', () => exited !== null, 60_000).catch(() => child.kill('SIGKILL'));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
