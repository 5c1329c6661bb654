import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { UploadReply } from '@reelmint/contract/video-api';
import type { Services } from '../services.ts';
import { uploadKey } from '../storage/keys.ts';
import { readImagePart } from './image-part.ts';
import { assertRoomLeft, deleteUpload, insertWithinQuota } from './quota.ts';
import { EXTENSIONS } from './sniff.ts';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Removes an upload's file from media storage. */
export const removeUploadFile = (services: Services) => (fileName: string) => services.storage.remove([uploadKey(fileName)]);

/**
 * Keeps the picture of a multipart request for a person, within their quota (checked before the body is read, and
 * again as the row goes in): stored under a random name, since the client's file name is never used.
 */
export async function storeUpload(services: Services, userId: string, request: FastifyRequest, quotaBytes: number): Promise<UploadReply> {
  await assertRoomLeft(services, userId, quotaBytes);
  const { buffer, mimeType, width, height } = await readImagePart(request, MAX_UPLOAD_BYTES);
  const fileName = `${randomBytes(16).toString('hex')}${EXTENSIONS[mimeType]}`;
  await services.storage.putBuffer(uploadKey(fileName), buffer, mimeType);
  const id = `img_${randomUUID()}`;
  const row = {
    id,
    user_id: userId,
    file_name: fileName,
    mime_type: mimeType,
    size: buffer.length,
    width,
    height,
    created_at: services.now().toISOString(),
  };
  try {
    await insertWithinQuota(services, row, quotaBytes);
  } catch (error) {
    await services.storage.remove([uploadKey(fileName)]);
    throw error;
  }
  return { id, width, height, mimeType, size: buffer.length };
}

/** Deletes one of a person's pictures and its file (not while a video is being made from it). */
export async function deleteOwnUpload(services: Services, userId: string, id: string): Promise<void> {
  await deleteUpload(services, removeUploadFile(services), userId, id);
}
