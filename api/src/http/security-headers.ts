import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { HelmetOptions } from 'helmet';

/**
 * helmet's headers for one configuration. Without per-request parts (no CSP nonces) they are the same for every
 * response, so they are worked out once by running helmet against a response that records what it is given.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  let failed: unknown = null;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failed = error ?? null;
  });
  if (failed) throw failed;
  return headers;
}

/**
 * helmet's protective headers on every response. @fastify/helmet builds helmet's middleware again for each
 * request (and adds two async hooks), which cost about a twentieth of an authenticated GET; these headers are set
 * from the one computed list instead, by a synchronous hook, on the raw response like helmet itself does, so
 * error replies carry them too.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers = Object.entries(helmetHeaders(options));
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
