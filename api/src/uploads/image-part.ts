import type { FastifyRequest } from 'fastify';
import { imageSize } from 'image-size';
import { AppError } from '../http/errors.ts';
import { decodesWhole } from './image-decode.ts';
import { EXTENSIONS, sniffImage } from './sniff.ts';
import type { ImageMime } from './sniff.ts';

/** Decoding cost grows with pixels, not bytes: a small file can claim a huge canvas. */
export const MAX_UPLOAD_PIXELS = 40_000_000;

/**
 * The picture in the part named "file", checked by its bytes (PNG, JPEG or WebP), its size and its
 * pixel count before anything decodes it, then decoded whole (a file cut short is refused here, not
 * in a render it was charged for). Shared by uploads and account pictures.
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
  const decoded = await decodesWhole(buffer, EXTENSIONS[mimeType]);
  if (decoded === 'unknown') request.log.warn('The uploaded picture could not be decoded to check it; taken as it is');
  if (decoded === false) throw new AppError(422, 'INVALID_IMAGE', 'The picture could not be read: the file is damaged or incomplete');
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
