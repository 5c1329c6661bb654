import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jwtSecret } from '../src/config/options.ts';
import { openDatabase } from '../src/db/database.ts';

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

describe('the data folder', () => {
  const roots: string[] = [];
  afterAll(async () => Promise.all(roots.map((root) => rm(root, { recursive: true, force: true }))));

  it('creates the SQLite file (password hashes, sessions), its log and its folder for the owner alone', async () => {
    const root = await mkdtemp(join(tmpdir(), 'reelmint-files-'));
    roots.push(root);
    const dataDir = join(root, 'data');
    const database = await openDatabase({ sqlitePath: join(dataDir, 'reelmint.sqlite') });
    try {
      expect(await modeOf(dataDir)).toBe(0o700);
      expect(await modeOf(join(dataDir, 'reelmint.sqlite'))).toBe(0o600);
      expect(await modeOf(join(dataDir, 'reelmint.sqlite-wal'))).toBe(0o600);
    } finally {
      await database.close();
    }
    jwtSecret(join(root, 'secret-only'));
    expect(await modeOf(join(root, 'secret-only'))).toBe(0o700);
    expect(await modeOf(join(root, 'secret-only', 'jwt-secret'))).toBe(0o600);
  });

  it('closes to others a database file an older version left readable', async () => {
    const root = await mkdtemp(join(tmpdir(), 'reelmint-files-'));
    roots.push(root);
    await mkdir(join(root, 'data'));
    const file = join(root, 'data', 'reelmint.sqlite');
    await writeFile(file, '');
    await chmod(file, 0o644);
    const database = await openDatabase({ sqlitePath: file });
    await database.close();
    expect(await modeOf(file)).toBe(0o600);
  });
});
