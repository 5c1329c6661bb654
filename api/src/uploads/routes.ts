import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { imageSize } from 'image-size';
import { idParams, jsonSchemaOf } from '@reelmint/shared/schema';
import type { IdParams } from '@reelmint/shared/schema';
import { deletedReply, uploadReply } from '@reelmint/shared/video-api';
import type { UploadReply } from '@reelmint/shared/video-api';
import { errorReplies, envelopeSchema, ok } from '../http/envelope.ts';
import { AppError } from '../http/errors.ts';
import { accountOrAddress } from '../http/rate-limits.ts';
import { uploadKey } from '../storage/keys.ts';
import type { Services } from '../services.ts';
import { assertRoomLeft, deleteUpload, insertWithinQuota } from './quota.ts';
import type { UploadLimits } from './quota.ts';
import { EXTENSIONS, sniffImage } from './sniff.ts';
import type { ImageMime } from './sniff.ts';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Decoding cost grows with pixels, not bytes: a small file can claim a huge canvas. */
export const MAX_UPLOAD_PIXELS = 40_000_000;

/** Removes an upload's file from media storage. */
export const removeUploadFile = (services: Services) => (fileName: string) => services.storage.remove([uploadKey(fileName)]);

export function registerUploadRoutes(app: FastifyInstance, services: Services, limits: UploadLimits): void {
  app.post(
    '/api/upload',
    {
      config: { rateLimit: { max: limits.perMinute, timeWindow: 60_000, keyGenerator: accountOrAddress(services) } },
      schema: {
        tags: ['uploads'],
        summary: 'Upload a PNG, JPEG or WebP picture (multipart field "file", at most 10 MB and 40 megapixels)',
        consumes: ['multipart/form-data'],
        response: {
          201: envelopeSchema(uploadReply),
          ...errorReplies,
        },
      },
    },
    async (request, reply) => {
      const { user } = await services.auth.require(request);
      if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the picture as multipart/form-data');
      await assertRoomLeft(services, user.id, limits.quotaBytes);
      const { buffer, mimeType, width, height } = await readImagePart(request, MAX_UPLOAD_BYTES);

      // Random names, in storage no route serves as a folder: the client's file name is never used.
      const fileName = `${randomBytes(16).toString('hex')}${EXTENSIONS[mimeType]}`;
      await services.storage.putBuffer(uploadKey(fileName), buffer, mimeType);
      const id = `img_${randomUUID()}`;
      const row = {
        id,
        user_id: user.id,
        file_name: fileName,
        mime_type: mimeType,
        size: buffer.length,
        width,
        height,
        created_at: services.now().toISOString(),
      };
      try {
        await insertWithinQuota(services, row, limits.quotaBytes);
      } catch (error) {
        await services.storage.remove([uploadKey(fileName)]);
        throw error;
      }
      const uploaded: UploadReply = { id, width, height, mimeType, size: buffer.length };
      return reply.code(201).send(ok(uploaded, 'Uploaded'));
    },
  );

  app.delete<{ Params: IdParams }>(
    '/api/upload/:id',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Delete one of your pictures (not while a video is being made from it)',
        params: jsonSchemaOf(idParams, 'input'),
        response: {
          200: envelopeSchema(deletedReply),
          ...errorReplies,
        },
      },
    },
    async (request) => {
      const { user } = await services.auth.require(request);
      await deleteUpload(services, removeUploadFile(services), user.id, request.params.id);
      return ok({ id: request.params.id, deleted: true }, 'Picture deleted');
    },
  );
}

/**
 * The picture in the part named "file", checked by its bytes (PNG, JPEG or WebP), its size and its
 * pixel count before anything decodes it. Shared by uploads and account pictures.
 */
export async function readImagePart(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ buffer: Buffer; mimeType: ImageMime; width: number; height: number }> {
  const buffer = await readFilePart(request, maxBytes);
  if (buffer.length === 0) throw new AppError(400, 'VALIDATION_ERROR', 'The file is empty');
  const mimeType = sniffImage(buffer);
  if (!mimeType) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Only PNG, JPEG and WebP pictures are accepted');
  let width: number;
  let height: number;
  try {
    ({ width, height } = imageSize(buffer));
  } catch {
    throw new AppError(422, 'INVALID_IMAGE', 'The picture could not be read');
  }
  if (!width || !height) throw new AppError(422, 'INVALID_IMAGE', 'The picture has no dimensions');
  if (width * height > MAX_UPLOAD_PIXELS) {
    throw new AppError(413, 'IMAGE_TOO_LARGE', `The picture is ${width}x${height}; at most ${MAX_UPLOAD_PIXELS / 1_000_000} megapixels are accepted`);
  }
  return { buffer, mimeType, width, height };
}

/**
 * The bytes of the part named "file"; a broken multipart stream is the client's fault (400). A file
 * over the limit is refused whole: the parser stops at the limit and marks the part truncated, and
 * when the limit falls exactly on the end of a chunk, no later chunk reports it, so the mark itself
 * is checked once the part is read.
 */
async function readFilePart(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new AppError(413, 'FILE_TOO_LARGE', `The file is larger than ${maxBytes / (1024 * 1024)} MB`);
  try {
    const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
    if (!part || part.fieldname !== 'file') throw new AppError(400, 'VALIDATION_ERROR', 'Attach the picture in the field "file"');
    const buffer = await part.toBuffer();
    if (part.file.truncated || buffer.length > maxBytes) throw tooLarge();
    return buffer;
  } catch (error) {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (error instanceof AppError || (typeof status === 'number' && status < 500)) throw error;
    throw new AppError(400, 'INVALID_MULTIPART', 'The upload was cut off or is not valid multipart/form-data');
  }
}
