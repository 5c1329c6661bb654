import type { Server } from 'node:http';
import type { FastifyHttpOptions, FastifyServerOptions } from 'fastify';
import { requestIdOf } from '../ops/request-id.ts';
import { clientErrorHandler, frameworkErrors } from './input-guard.ts';

/** How long a client may take; a slow or stalled one is cut instead of holding a connection. */
export interface Timeouts {
  /** The request line and headers. */
  headersMs: number;
  /** The whole request, body included (a trickled upload ends here). */
  requestMs: number;
  /** An idle connection between requests. */
  keepAliveMs: number;
  /** A connection on which nothing moves at all. */
  idleMs: number;
  /** A handler that has not answered (its reply is a 503 TIMEOUT). */
  handlerMs: number;
}

/**
 * An idle kept-alive connection is the client's to close: 65 s, longer than a proxy's upstream idle timeout (nginx's
 * 60 s) and than a client that reads the server's `Keep-Alive: timeout=65` hint (Node's fetch closes a second
 * before). A server that closed first would race a request the client is sending on the connection it thinks open,
 * and that request would fail with a reset (or a proxy's 502).
 */
export const DEFAULT_TIMEOUTS: Timeouts = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 65_000, idleMs: 15_000, handlerMs: 30_000 };

export interface ServerSettings {
  logger?: FastifyServerOptions['logger'];
  trustProxy?: boolean;
  timeouts?: Partial<Timeouts>;
}

/**
 * What the Fastify server itself is made with, before any plugin: its clocks for slow clients, strict validation and
 * the envelope for the refusals the router and the HTTP parser make before a request reaches a handler.
 */
export function serverOptions(settings: ServerSettings): FastifyHttpOptions<Server> {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...settings.timeouts };
  return {
    logger: settings.logger ?? false,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    requestTimeout: timeouts.requestMs,
    handlerTimeout: timeouts.handlerMs,
    http: {
      headersTimeout: Math.min(timeouts.headersMs, timeouts.requestMs),
      // Node looks for requests past their time at this interval (30 s by default, longer than the limits): a quarter
      // of a second at most, so a slow client is cut within that of its limit.
      connectionsCheckingInterval: Math.max(50, Math.min(250, Math.floor(timeouts.headersMs / 4))),
    },
    trustProxy: settings.trustProxy ?? false,
    // The proxy's X-Request-Id when it is a plausible id, else a new one: it is on every log line of the request (pino's
    // `reqId`) and echoed on the reply (ops/plugin.ts).
    requestIdHeader: false,
    // A request already on its way when the server begins to close is served (ops/shutdown.ts), not refused with 503.
    return503OnClosing: false,
    genReqId: requestIdOf,
    // Bodies are validated strictly: no silent removal of unknown fields, no "5" -> 5 coercion.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: true, allErrors: false } },
    bodyLimit: 256 * 1024,
    frameworkErrors,
    clientErrorHandler,
  };
}
