// The bench's servers: each in its own process group, with a data folder of its own, all stopped together. They
// run with the environment `npm start` gives them (template previews on): the bench measures what visitors get.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './measure.mjs';

export function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

const dataDirs = [];
const running = new Set();

/** A server in its own process group, so one signal stops it and everything under it. */
export function startGroup(command, args, extraEnv) {
  const dataDir = mkdtempSync(join(tmpdir(), 'reelmint-bench-api-'));
  dataDirs.push(dataDir);
  const child = spawn(command, args, {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DATA_DIR: dataDir, ...extraEnv },
  });
  const group = { child, exited: false, name: [command, ...args].join(' ') };
  child.on('exit', () => {
    group.exited = true;
    running.delete(group);
  });
  running.add(group);
  return group;
}

export async function stopGroup(group) {
  if (group.exited) return;
  const exited = new Promise((resolve) => group.child.once('exit', resolve));
  try {
    process.kill(-group.child.pid, 'SIGTERM');
  } catch {
    return;
  }
  await exited;
}

export function stopAll() {
  for (const group of running) {
    try {
      process.kill(-group.child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}
/** Stops every server still running and removes their data folders. */
export function cleanUp() {
  stopAll();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}

export async function waitForUrl(url, timeoutMs, group) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (group?.exited) throw new Error(`${group.name} exited before ${url} answered`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}
