import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import { refusal } from './envelope.ts';
import { AppError } from './errors.ts';

/** Deeper JSON is refused: no request of this API needs more than a few levels. */
export const MAX_BODY_DEPTH = 32;

/**
 * NUL cannot be stored in a PostgreSQL text column (the driver's error would be a 500), and an
 * unpaired surrogate cannot be encoded as UTF-8 at all (it would be silently replaced by U+FFFD
 * on the way to the database). Both are refused at the edge, on both databases alike.
 */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function storable(text: string): boolean {
  return !text.includes('\u0000') && !UNPAIRED_SURROGATE.test(text);
}

const badCharacters = (where: string) =>
  new AppError(400, 'INVALID_CHARACTERS', `The ${where} contains a NUL character or an unpaired surrogate, which cannot be stored`);

/**
 * Walks a parsed value without recursion (a deeply nested body must not overflow the stack here
 * either) and reports the first problem: too deep, or a string or key that cannot be stored.
 */
export function inspectValue(root: unknown, maxDepth: number): 'depth' | 'characters' | null {
  const stack: Array<[unknown, number]> = [[root, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value === 'string') {
      if (!storable(value)) return 'characters';
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= maxDepth) return 'depth';
    if (Array.isArray(value)) {
      for (const item of value) stack.push([item, depth + 1]);
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      if (!storable(key)) return 'characters';
      stack.push([item, depth + 1]);
    }
  }
  return null;
}

/**
 * Input hygiene for every route: parsed bodies are checked for depth and unstorable characters; path
 * parameters and query values are checked before any handler runs; the router's own errors (a
 * malformed percent-encoding, an over-long parameter) and errors of the HTTP parser answer in the
 * envelope instead of Fastify's bare shape.
 */
export function installInputGuard(app: FastifyInstance): void {
  // Synchronous: it runs on every request (an async hook costs a promise and a microtask turn each).
  app.addHook('onRequest', (request, _reply, done) => {
    if (inspectValue(request.params, 2) === 'characters') return done(badCharacters('address'));
    if (inspectValue(request.query, 3) === 'characters') return done(badCharacters('query string'));
    done();
  });
  // After parsing, before schema validation (which would recurse into whatever depth it is given).
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body === undefined || request.body === null || Buffer.isBuffer(request.body)) return done();
    const problem = inspectValue(request.body, MAX_BODY_DEPTH);
    if (problem === 'depth') return done(new AppError(400, 'BODY_TOO_DEEP', `JSON may be nested at most ${MAX_BODY_DEPTH} levels deep`));
    if (problem === 'characters') return done(badCharacters('request body'));
    done();
  });
}

/** Fastify's `frameworkErrors` option: the router's refusals, in the envelope. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  void reply
    .code(tooLong ? 414 : 400)
    .send(tooLong ? refusal('URI_TOO_LONG', 'A part of the address is too long') : refusal('BAD_URL', 'The address is not valid (malformed percent-encoding)'));
}

/**
 * Fastify's `clientErrorHandler`: the HTTP parser refused the request (malformed, headers too
 * large, or the client too slow to send it). There is no request object yet, so the envelope is
 * written on the socket by hand, and the connection is closed.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'REQUEST_TIMEOUT', 'The request took too long to arrive']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'HEADERS_TOO_LARGE', 'The request headers are too large']
        : [400, 'BAD_REQUEST', 'The request is not valid HTTP'];
  if (socket.writable) {
    const body = JSON.stringify(refusal(code, message));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
