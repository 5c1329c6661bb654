import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Where uploads, rendered videos, posters and template media live. Keys are relative paths such as
 * `videos/<id>.mp4`; files reach people only through routes that check who is asking, which hand
 * the bytes over with `send`. Local disk (the data folder) is the default; an S3-compatible bucket
 * lets several API processes serve each other's media.
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** Moves a finished local file into storage under `key`; the local file is gone afterwards. */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  putBuffer(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's path on this machine when storage is local disk, else null (see `download`). */
  localPath(key: string): string | null;
  /** Copies the object to a local file, for tools such as ffmpeg that read files. */
  download(key: string, file: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Removes the objects; missing ones are not an error. */
  remove(keys: string[]): Promise<void>;
  /** Answers the request with the object, honouring a single HTTP Range. */
  send(request: FastifyRequest, reply: FastifyReply, key: string, contentType: string): Promise<FastifyReply>;
}

export const CONTENT_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

export function contentTypeOf(key: string): string {
  const extension = /\.[a-z0-9]+$/i.exec(key)?.[0]?.toLowerCase() ?? '';
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}
