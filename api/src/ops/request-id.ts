import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header a proxy (or the shell's server) sends the id in, and the one every reply echoes it in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What a forwarded id may look like: the characters nginx's $request_id, UUIDs and most tracing ids use, at a length
 * a log line can carry. Anything else (a header that would break a log line, or one that is far too long) is replaced.
 */
const ACCEPTED = /^[A-Za-z0-9._:-]{8,128}$/;

/** The id of a request: the one forwarded with it when it looks like an id, a new one otherwise. */
export function requestIdOf(request: Pick<IncomingMessage, 'headers'>): string {
  const forwarded = request.headers[REQUEST_ID_HEADER];
  return typeof forwarded === 'string' && ACCEPTED.test(forwarded) ? forwarded : randomUUID();
}
