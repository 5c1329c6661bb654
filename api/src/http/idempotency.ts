import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { idempotencyHeaders, jsonSchemaOf } from '@reelmint/contract/schema';
import { AppError } from './errors.ts';

/** The Idempotency-Key header: printable, at most 200 characters. */
export function idempotencyKey(request: FastifyRequest, required: true): string;
export function idempotencyKey(request: FastifyRequest, required: boolean): string | null;
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

/** The routes' header schema, declared once as shared `idempotencyHeaders`. */
export const idempotencyHeaderSchema = (required: boolean) => jsonSchemaOf(idempotencyHeaders(required), 'input');

/** JSON with object keys sorted, so two bodies that mean the same hash the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What an Idempotency-Key is bound to: the route and its whole body. The same key sent with any
 * other request is refused (IDEMPOTENCY_KEY_REUSED) instead of being answered as a replay.
 * Bodies are at most 32 levels deep (http/input-guard.ts), so the recursion above is bounded.
 */
export function requestHash(route: string, body: unknown): string {
  return createHash('sha256').update(route).update('\n').update(canonicalJson(body)).digest('base64url');
}

export const keyReused = () => new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request');
