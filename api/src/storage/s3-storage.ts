import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectsCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.ts';
import type { MediaStorage } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  /** An S3-compatible server (MinIO, R2, s3rver ...); unset means AWS itself. */
  endpoint?: string;
  region?: string;
  forcePathStyle?: boolean;
  /** Unset: the SDK's default chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, profiles, roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Files above this size go up as a multipart upload in parts of this size. */
  partSizeBytes?: number;
}

/** The minimum part size S3 accepts for all but the last part. */
const DEFAULT_PART_SIZE = 8 * 1024 * 1024;

const statusOf = (error: unknown): number | undefined =>
  error instanceof S3ServiceException ? error.$metadata.httpStatusCode : (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/** Media in an S3-compatible bucket, shared by every API process and worker. */
export class S3Storage implements MediaStorage {
  readonly kind = 's3';
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly partSize: number;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.partSize = Math.max(5 * 1024 * 1024, options.partSizeBytes ?? DEFAULT_PART_SIZE);
    this.client = new S3Client({
      region: options.region ?? 'us-east-1',
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle ?? false,
      ...(options.credentials ? { credentials: options.credentials } : {}),
      // Checksums only where S3 requires them: many S3-compatible servers reject the SDK's
      // default streaming (aws-chunked) checksums, and TLS already guards the bytes in transit.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** Throws unless the bucket answers (it exists and these credentials may read it). */
  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  localPath(): null {
    return null;
  }

  async putFile(key: string, file: string, contentType: string): Promise<void> {
    await this.upload(key, createReadStream(file), contentType);
    await rm(file, { force: true });
  }

  async putBuffer(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.upload(key, body, contentType);
  }

  async download(key: string, file: string): Promise<void> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    await pipeline(object.Body as Readable, createWriteStream(file, { mode: 0o600 }));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (statusOf(error) === 404) return false;
      throw error;
    }
  }

  async remove(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
  }

  async send(request: FastifyRequest, reply: FastifyReply, key: string, contentType: string): Promise<FastifyReply> {
    const range = request.headers.range;
    const ifNoneMatch = request.headers['if-none-match'];
    let object;
    try {
      object = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, ...(range ? { Range: range } : {}), ...(ifNoneMatch ? { IfNoneMatch: ifNoneMatch } : {}) }),
      );
    } catch (error) {
      const status = statusOf(error);
      // The browser's copy is current (callers revalidate private media on each use).
      if (status === 304) return reply.code(304).send();
      if (status === 404) throw new AppError(404, 'NOT_FOUND', 'This file no longer exists');
      if (status === 416) {
        const size = await this.size(key);
        return reply.code(416).header('content-range', `bytes */${size}`).send();
      }
      throw error;
    }
    reply.type(contentType).header('accept-ranges', 'bytes');
    if (object.ContentLength !== undefined) reply.header('content-length', object.ContentLength);
    if (object.ETag) reply.header('etag', object.ETag);
    if (range && object.ContentRange) reply.code(206).header('content-range', object.ContentRange);
    return reply.send(object.Body as Readable);
  }

  private async size(key: string): Promise<number> {
    const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
    return head.ContentLength ?? 0;
  }

  /** One PUT for small bodies, a multipart upload (two parts in flight) for large ones. */
  private async upload(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: contentType },
      partSize: this.partSize,
      queueSize: 2,
      leavePartsOnError: false,
    });
    await upload.done();
  }
}
