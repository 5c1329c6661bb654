// The remotes pointer on disk: the one document that says which version of each remote is live.
// Every write goes to a temporary file that is renamed over the pointer, so a reader (the shell's
// server) sees the old document or the new one, never half of one. Read-modify-write runs under a
// lock file so two release managers cannot lose each other's change, and every change is appended
// to a history (JSON Lines) with who, when and why.
import { appendFileSync, closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

/** How many earlier live versions a remote remembers for `rollback`. */
export const ROLLBACK_DEPTH = 20;
const LOCK_STALE_MS = 30_000;
const LOCK_WAIT_MS = 10_000;

export function emptyPointer() {
  return { remotes: {} };
}

export function readPointer(file) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return emptyPointer();
    throw error;
  }
  const document = JSON.parse(text);
  if (!document || typeof document !== 'object' || typeof document.remotes !== 'object' || document.remotes === null) {
    throw new Error(`${file} is not a remotes pointer (it has no "remotes" object)`);
  }
  return document;
}

/** Writes the whole text to a temporary sibling, flushes it to disk, then renames it into place. */
export function writeFileAtomic(file, text) {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const fd = openSync(temporary, 'w');
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(temporary, file);
}

export function writePointer(file, document) {
  writeFileAtomic(file, `${JSON.stringify(document, null, 2)}\n`);
}

async function acquireLock(lockFile) {
  const deadline = Date.now() + LOCK_WAIT_MS;
  mkdirSync(dirname(lockFile), { recursive: true });
  for (;;) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    // A lock left by a process that crashed mid-change must not block releases forever.
    try {
      if (Date.now() - statSync(lockFile).mtimeMs > LOCK_STALE_MS) rmSync(lockFile, { force: true });
    } catch {
      // The holder released it between our two calls: try again at once.
    }
    if (Date.now() > deadline) throw new Error(`Another release command holds ${lockFile}; try again when it has finished`);
    await delay(25);
  }
}

export async function withPointerLock(file, work) {
  const lockFile = `${file}.lock`;
  await acquireLock(lockFile);
  try {
    return await work();
  } finally {
    rmSync(lockFile, { force: true });
  }
}

export function appendHistory(historyFile, entry) {
  mkdirSync(dirname(historyFile), { recursive: true });
  appendFileSync(historyFile, `${JSON.stringify(entry)}\n`);
}

export function readHistory(historyFile) {
  let text;
  try {
    text = readFileSync(historyFile, 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return [];
    throw error;
  }
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
}

/**
 * One change of the pointer, under the lock: `mutate` receives a copy of the current document and
 * returns `{ document, summary }` (or null for "nothing to change"). The new document is written
 * atomically and the change appended to the history.
 *
 * @param {{ pointerFile: string, historyFile: string }} files
 * @param {{ action: string, remote: string | null, actor: string, reason: string | null }} change
 * @param {(current: object) => ({ document: object, summary: Record<string, unknown> } | null)} mutate
 */
export async function changePointer(files, change, mutate) {
  return withPointerLock(files.pointerFile, async () => {
    const current = readPointer(files.pointerFile);
    const result = mutate(structuredClone(current));
    if (!result) return { changed: false, document: current };
    const at = new Date().toISOString();
    writePointer(files.pointerFile, { ...result.document, updatedAt: at });
    const entry = { at, actor: change.actor, action: change.action, remote: change.remote, reason: change.reason, ...result.summary };
    appendHistory(files.historyFile, entry);
    return { changed: true, document: result.document, entry };
  });
}

/** Remembers the version a remote leaves, so `rollback` can return to it. */
export function pushPrevious(target, version) {
  const previous = [...(target.previous ?? []), version];
  return previous.slice(-ROLLBACK_DEPTH);
}
