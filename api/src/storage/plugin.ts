import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LocalStorage } from './local-storage.ts';
import type { MediaStorage } from './storage.ts';

/** Folders on this machine, under the data folder. */
export interface DataPaths {
  root: string;
  uploads: string;
  videos: string;
  templates: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploads, videos, posters, pictures and template media: local disk or a bucket. */
    storage: MediaStorage;
    /** Work folders on this machine (renders in progress, pictures fetched for ffmpeg; with local disk, the media). */
    dataPaths: DataPaths;
  }
}

export interface StorageOptions {
  /** Holds uploads, videos and template media; never served as a folder. */
  dataDir: string;
  /** Where media lives; local disk under dataDir by default. */
  storage?: MediaStorage;
}

async function storage(app: FastifyInstance, options: StorageOptions): Promise<void> {
  const root = options.dataDir;
  const paths: DataPaths = { root, uploads: join(root, 'uploads'), videos: join(root, 'videos'), templates: join(root, 'templates') };
  // The data folder and what it holds are the owner's alone (uploads, renders, the database, the secret).
  await Promise.all([paths.uploads, paths.videos, paths.templates].map((dir) => mkdir(dir, { recursive: true, mode: 0o700 })));
  app.decorate('dataPaths', paths);
  app.decorate('storage', options.storage ?? new LocalStorage(root));
  // Local media is sent by @fastify/static (ranges, conditional requests); cacheControl off: each media route sets its
  // own (private for videos, a day for template media).
  await app.register(fastifyStatic, { root, serve: false, cacheControl: false });
}

export default fp(storage, { name: 'storage', fastify: '5.x' });
