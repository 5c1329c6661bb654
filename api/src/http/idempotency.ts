import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/** The Idempotency-Key header: printable, at most 200 characters. */
export function idempotencyKey(request: FastifyRequest, required: boolean): string | null {
  const raw = request.headers['idempotency-key'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === '') {
    // The route schemas already require the header; this keeps the type honest if one forgets.
    if (required) throw new AppError(400, 'VALIDATION_ERROR', 'This request needs an Idempotency-Key header');
    return null;
  }
  if (value.length > 200 || !/^[\x21-\x7e]+$/.test(value)) {
    throw new AppError(400, 'VALIDATION_ERROR', 'Idempotency-Key must be 1 to 200 visible ASCII characters');
  }
  return value;
}

export const idempotencyHeaderSchema = (required: boolean) => ({
  type: 'object',
  properties: { 'idempotency-key': { type: 'string', minLength: 1, maxLength: 200 } },
  ...(required ? { required: ['idempotency-key'] } : {}),
});
