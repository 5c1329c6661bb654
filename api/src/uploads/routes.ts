import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { imageSize } from 'image-size';
import { errorReplies, envelopeSchema, ok } from '../http/envelope.ts';
import { AppError } from '../http/errors.ts';
import type { Services } from '../services.ts';
import { EXTENSIONS, sniffImage } from './sniff.ts';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Decoding cost grows with pixels, not bytes: a small file can claim a huge canvas. */
export const MAX_UPLOAD_PIXELS = 40_000_000;

/** Where an uploaded picture lives in media storage. */
export const uploadKey = (fileName: string) => `uploads/${fileName}`;

export function registerUploadRoutes(app: FastifyInstance, services: Services): void {
  app.post(
    '/api/upload',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Upload a PNG, JPEG or WebP picture (multipart field "file", at most 10 MB and 40 megapixels)',
        consumes: ['multipart/form-data'],
        response: {
          201: envelopeSchema({
            type: 'object',
            required: ['id', 'width', 'height', 'mimeType', 'size'],
            properties: {
              id: { type: 'string' },
              width: { type: 'integer' },
              height: { type: 'integer' },
              mimeType: { type: 'string' },
              size: { type: 'integer' },
            },
          }),
          ...errorReplies,
        },
      },
    },
    async (request, reply) => {
      const { user } = await services.auth.require(request);
      if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the picture as multipart/form-data');
      const buffer = await readFilePart(request);
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

      // Random names, in storage no route serves as a folder: the client's file name is never used.
      const fileName = `${randomBytes(16).toString('hex')}${EXTENSIONS[mimeType]}`;
      await services.storage.putBuffer(uploadKey(fileName), buffer, mimeType);
      const id = `img_${randomUUID()}`;
      await services.db
        .insertInto('uploads')
        .values({ id, user_id: user.id, file_name: fileName, mime_type: mimeType, size: buffer.length, width, height, created_at: services.now().toISOString() })
        .execute();
      return reply.code(201).send(ok({ id, width, height, mimeType, size: buffer.length }, 'Uploaded'));
    },
  );
}

/** The bytes of the part named "file"; a broken multipart stream is the client's fault (400). */
async function readFilePart(request: FastifyRequest): Promise<Buffer> {
  try {
    const part = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
    if (!part || part.fieldname !== 'file') throw new AppError(400, 'VALIDATION_ERROR', 'Attach the picture in the field "file"');
    return await part.toBuffer();
  } catch (error) {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (error instanceof AppError || (typeof status === 'number' && status < 500)) throw error;
    throw new AppError(400, 'INVALID_MULTIPART', 'The upload was cut off or is not valid multipart/form-data');
  }
}
