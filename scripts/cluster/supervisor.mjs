// The cluster's supervisor: each process in a process group of its own with its output in logs/<role>.log, the list
// of them in the state file (`--status` reads it), a process that ends on its own started again after a back-off, and
// a stop that ends every group, last started first.
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Once the cluster runs, a process that ends on its own (a crash, kill -9) is started again after 1 s, then 2, 4, 8...
 * up to 30 s while it keeps ending; one that ran a minute counts as healthy again and its next restart waits 1 s.
 */
export const RESTART_BACKOFF = Object.freeze({ firstMs: 1000, maxMs: 30_000, healthyAfterMs: 60_000 });

/** How long the supervisor waits before the next start of a process that ended `failures` times in a row before. */
export const restartDelay = (failures) => Math.min(RESTART_BACKOFF.firstMs * 2 ** failures, RESTART_BACKOFF.maxMs);

/** How each engine stops cleanly: PostgreSQL's fast shutdown (sessions end, data written), nginx's graceful stop. */
export const STOP_SIGNALS = { postgres: 'SIGINT', nginx: 'SIGQUIT' };

const killGroup = (pid) => {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Nothing left in it.
  }
};

/** Signals a process group, waits up to 15 s for `gone()`, then kills the group. */
export async function stopGroup(pid, signal, gone) {
  try {
    process.kill(-pid, signal);
  } catch {
    return;
  }
  const deadline = Date.now() + 15_000;
  while (!gone() && Date.now() < deadline) await sleep(100);
  if (!gone()) killGroup(pid);
}

/**
 * @typedef {{ role: string, port: number | null, child: import('node:child_process').ChildProcess, logFile: string,
 *   spawnArgs: [string, string[], import('node:child_process').SpawnOptions], exited: boolean, restarts: number,
 *   startedAt: number, failures: number, restartTimer?: NodeJS.Timeout }} Entry
 */

/**
 * @param {{ stateFile: string, logsDir: string, restart: boolean, log?: (line: string) => void }} options restart: false
 *        leaves a process that ended down (`--no-restart`)
 */
export function createSupervisor({ stateFile, logsDir, restart, log = (line) => console.error(line) }) {
  /** @type {Entry[]} */
  const started = [];
  let stopping = false;
  /** Set once every process has started: before, a process that ends is a start that failed. */
  let supervising = false;

  const writeState = () => {
    const processes = started.map(({ role, port, child, restarts }) => ({ role, port, pid: child.pid, restarts }));
    writeFileSync(stateFile, `${JSON.stringify({ pid: process.pid, processes }, null, 2)}\n`);
  };

  /** Runs an entry's command (again), watching for its end. */
  const spawnEntry = (entry) => {
    const child = spawn(...entry.spawnArgs);
    Object.assign(entry, { child, exited: false, startedAt: Date.now() });
    child.on('exit', (code, signal) => {
      entry.exited = true;
      if (stopping) return;
      log(`${entry.role} exited (${signal ?? `code ${code}`}); its log: ${entry.logFile}`);
      if (supervising && restart) scheduleRestart(entry);
    });
  };

  const scheduleRestart = (entry) => {
    if (Date.now() - entry.startedAt >= RESTART_BACKOFF.healthyAfterMs) entry.failures = 0;
    const delay = restartDelay(entry.failures);
    entry.failures += 1;
    log(`Restarting ${entry.role} in ${delay / 1000} s`);
    entry.restartTimer = setTimeout(() => {
      entry.restartTimer = undefined;
      if (stopping) return;
      // What the process left in its group (nginx's or PostgreSQL's workers) goes first: they hold its port.
      killGroup(entry.child.pid);
      appendFileSync(entry.logFile, `\n--- restarted by the cluster's supervisor at ${new Date().toISOString()} ---\n`);
      entry.restarts += 1;
      spawnEntry(entry);
      writeState();
      log(`${entry.role} restarted (pid ${entry.child.pid})`);
    }, delay);
  };

  return {
    started,
    /** Starts one process in a process group of its own, its output in <logsDir>/<role>.log. */
    launch(role, port, command, commandArgs, { env = {}, cwd }) {
      mkdirSync(logsDir, { recursive: true });
      const logFile = join(logsDir, `${role}.log`);
      writeFileSync(logFile, '');
      /** @type {Entry} */
      const entry = {
        role,
        port,
        logFile,
        restarts: 0,
        failures: 0,
        exited: false,
        startedAt: 0,
        // Set by spawnEntry just below, before anything reads it: null only until then, so not typed as nullable.
        child: /** @type {any} */ (null),
        spawnArgs: [
          'bash',
          ['-c', 'exec "$@" >>"$REELMINT_CLUSTER_LOG" 2>&1', 'launch', command, ...commandArgs],
          { cwd, env: { ...process.env, ...env, REELMINT_CLUSTER_LOG: logFile }, stdio: 'ignore', detached: true },
        ],
      };
      spawnEntry(entry);
      started.push(entry);
      writeState();
      return entry;
    },
    /** Every process has started: from now on one that ends is started again. */
    supervise() {
      supervising = true;
    },
    /** Stops what was started, last first, each given a few seconds before it is killed. */
    async stopAll() {
      stopping = true;
      for (const entry of started) clearTimeout(entry.restartTimer);
      for (const entry of [...started].reverse()) {
        if (!entry.exited) await stopGroup(entry.child.pid, STOP_SIGNALS[entry.role] ?? 'SIGTERM', () => entry.exited);
        // A process that ended and waits for its restart may have left workers in its group.
        else killGroup(entry.child.pid);
      }
      // A start refused before it started anything leaves the list of the run it found.
      if (started.length > 0) rmSync(stateFile, { force: true });
    },
  };
}
