import { access, copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MediaStorage } from './storage.ts';

/** Media in the data folder on this machine: the embedded default. */
export class LocalStorage implements MediaStorage {
  readonly kind = 'local';
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  localPath(key: string): string {
    const path = resolve(this.root, key);
    // Keys are built by the API from ids and random names, never from a request; this guards the rule.
    if (!path.startsWith(this.root + sep)) throw new Error(`Storage key outside the data folder: ${key}`);
    return path;
  }

  async putFile(key: string, file: string): Promise<void> {
    const target = this.localPath(key);
    if (resolve(file) === target) return;
    await mkdir(dirname(target), { recursive: true, mode: 0o700 });
    try {
      await rename(file, target);
    } catch (error) {
      // Another file system (a work folder on another mount): copy, then drop the original.
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await copyFile(file, target);
      await rm(file, { force: true });
    }
  }

  async putBuffer(key: string, body: Buffer): Promise<void> {
    const target = this.localPath(key);
    await mkdir(dirname(target), { recursive: true, mode: 0o700 });
    await writeFile(target, body, { mode: 0o600 });
  }

  async download(key: string, file: string): Promise<void> {
    await copyFile(this.localPath(key), file);
  }

  async exists(key: string): Promise<boolean> {
    return access(this.localPath(key)).then(
      () => true,
      () => false,
    );
  }

  async remove(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.localPath(key), { force: true })));
  }

  async send(_request: FastifyRequest, reply: FastifyReply, key: string, contentType: string): Promise<FastifyReply> {
    this.localPath(key);
    // @fastify/static handles Range, conditional requests and 416 for files on disk.
    return reply.type(contentType).sendFile(key, this.root);
  }
}
