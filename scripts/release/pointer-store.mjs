// The remotes pointer on disk: the one document that says which version of each remote is live.
// Every write goes to a temporary file that is renamed over the pointer, so a reader (the shell's
// server) sees the old document or the new one, never half of one. Read-modify-write runs under a
// lock file so two release managers cannot lose each other's change, and every change is appended
// to a history (JSON Lines) with who, when and why.
import { appendFileSync, closeSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

/** How many earlier live versions a remote remembers for `rollback`. */
export const ROLLBACK_DEPTH = 20;
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

/** Whether a process with this id exists on this machine (EPERM: it exists, owned by someone else). */
function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

function readLockToken(lockFile) {
  try {
    return readFileSync(lockFile, 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * A lock is stale only when the process that took it is gone. Age alone says nothing: a slow change
 * (a smoke check on a busy machine) must never lose its lock. An empty token is a holder between its
 * create and its write, so it counts as held.
 */
function isStale(token) {
  const pid = Number.parseInt(token.split(':')[0] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 && !processAlive(pid);
}

/**
 * Breaks a stale lock so that exactly one waiter wins: the lock is renamed to a name only this waiter
 * uses (a rename of one file succeeds once), then checked. If what was moved is not the stale token
 * (another waiter broke it first and a new holder took it), it is put back with an exclusive link.
 */
function breakStaleLock(lockFile, staleToken) {
  const aside = `${lockFile}.stale.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    renameSync(lockFile, aside);
  } catch (error) {
    if (error.code === 'ENOENT') return;
    throw error;
  }
  try {
    if (readFileSync(aside, 'utf8') !== staleToken) linkSync(aside, lockFile);
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
  } finally {
    rmSync(aside, { force: true });
  }
}

async function acquireLock(lockFile, waitMs) {
  const deadline = Date.now() + waitMs;
  const token = `${process.pid}:${randomBytes(8).toString('hex')}`;
  mkdirSync(dirname(lockFile), { recursive: true });
  for (;;) {
    try {
      const fd = openSync(lockFile, 'wx');
      try {
        writeSync(fd, token);
      } finally {
        closeSync(fd);
      }
      return token;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    const held = readLockToken(lockFile);
    // A lock left by a process that crashed mid-change must not block releases forever.
    if (held && isStale(held)) {
      breakStaleLock(lockFile, held);
      continue;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `Another release command (process ${held?.split(':')[0] || 'unknown'}) holds ${lockFile}; try again when it has finished (if no release command is running, delete that file)`,
      );
    }
    await delay(25);
  }
}

/** Removes the lock only while it is still ours: never a lock another process has since taken. */
function releaseLock(lockFile, token) {
  if (readLockToken(lockFile) === token) rmSync(lockFile, { force: true });
}

/**
 * @param {string} file the pointer; its lock is `<file>.lock`, holding `<pid>:<random token>`
 * @param {() => Promise<unknown>} work
 * @param {{ waitMs?: number }} [options] how long to wait for another holder before giving up
 */
export async function withPointerLock(file, work, { waitMs = LOCK_WAIT_MS } = {}) {
  const lockFile = `${file}.lock`;
  const token = await acquireLock(lockFile, waitMs);
  try {
    return await work();
  } finally {
    releaseLock(lockFile, token);
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
  const entries = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    // A line cut short by a crash mid-append is skipped: the rest of the history still reads.
    try {
      entries.push(JSON.parse(line));
    } catch {
      continue;
    }
  }
  return entries;
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

/**
 * Where the pointer and its history are kept, behind one interface: the files (the default), or the API's
 * database when several shell servers must agree (REMOTES_POINTER_STORE=database, see pointer-db.mjs).
 * @param {{ pointerStore: 'file' | 'database', pointerFile: string, historyFile: string, databaseUrl?: string, sqlitePath: string }} config
 */
export async function openPointerStore(config) {
  if (config.pointerStore === 'database') {
    const { openDatabasePointer } = await import('./pointer-db.mjs');
    return openDatabasePointer(config);
  }
  return {
    kind: 'file',
    where: config.pointerFile,
    read: async () => readPointer(config.pointerFile),
    history: async (limit) => {
      const entries = readHistory(config.historyFile);
      return limit === undefined ? entries : entries.slice(-limit);
    },
    append: async (entry) => appendHistory(config.historyFile, entry),
    change: (change, mutate) => changePointer(config, change, mutate),
    close: async () => {},
  };
}

/** How long a shell server reuses the pointer it read from the database before asking again. */
export const POINTER_REFRESH_MS = 1_000;

/**
 * The pointer as a shell server serves it: from a file, read on every request (a local read); from the
 * database, read at most once a second however many pages are asked for, so a change reaches every shell
 * server within about a second without a restart.
 */
export function pointerReader(store, refreshMs = POINTER_REFRESH_MS) {
  if (store.kind === 'file') return () => store.read();
  let last = null;
  let pending = null;
  return async () => {
    if (last && Date.now() - last.at < refreshMs) return last.document;
    pending ??= store
      .read()
      .then((document) => {
        last = { at: Date.now(), document };
        return document;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  };
}

/**
 * What browsers get of the pointer: per remote the live version, its entry, where its other published
 * versions live, and any canary; plus the origins an override may point at. The release bookkeeping
 * (earlier versions for rollback) stays on the server.
 */
export function publicPointer(document, overrideOrigins = []) {
  const remotes = {};
  for (const [name, target] of Object.entries(document?.remotes ?? {})) {
    const { previous: _previous, canary, ...visible } = target ?? {};
    // A canary's guard rules and start time are release bookkeeping; the browser needs what to load and for whom.
    remotes[name] = canary ? { ...visible, canary: { version: canary.version, entry: canary.entry, percent: canary.percent } } : visible;
  }
  return { remotes, overrides: { allowedOrigins: overrideOrigins } };
}
