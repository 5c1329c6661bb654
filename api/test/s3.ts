import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { S3Storage } from '../src/storage/s3-storage.ts';
import type { S3StorageOptions } from '../src/storage/s3-storage.ts';

/** s3rver's built-in account. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestBucket {
  options: S3StorageOptions;
  /** A new client on the bucket, as another API process would have. */
  storage(extra?: Partial<S3StorageOptions>): S3Storage;
  close(): Promise<void>;
}

/** A real S3-compatible server (s3rver) on a free local port, with one empty bucket. */
export async function startBucket(): Promise<TestBucket> {
  const directory = await mkdtemp(join(tmpdir(), 'reelmint-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: 'reelmint-media' }] });
  const { port } = await server.run();
  const options: S3StorageOptions = {
    bucket: 'reelmint-media',
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: CREDENTIALS,
  };
  return {
    options,
    storage: (extra = {}) => new S3Storage({ ...options, ...extra }),
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
