// What operators see of a shell server: GET /healthz (alive), GET /readyz (the pointer can be read, and the server is
// not shutting down), GET /metrics (Prometheus text, for the allowed addresses or the bearer of the metrics token), a
// request id on every request (X-Request-Id: the proxy's when it looks like one, else a new one), which the page's
// reads of the API send on, and a stop that finishes the requests in flight.
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const REQUEST_ID_HEADER = 'x-request-id';
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{8,128}$/;
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];
const DEFAULT_ALLOW = ['127.0.0.1', '::1'];
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Node's own figures, once per process however many servers it runs (each would add its own event-loop monitor). */
let processRegistry = null;
function processFigures() {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** The id of a request: the one forwarded with it when it looks like an id, a new one otherwise. */
export function requestIdOf(headers) {
  const forwarded = headers[REQUEST_ID_HEADER];
  return typeof forwarded === 'string' && ACCEPTED_ID.test(forwarded) ? forwarded : randomUUID();
}

/** Addresses and subnets (`10.0.0.0/8`) to a BlockList; throws naming an entry that is neither. */
function allowList(entries) {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address);
    if (family === 0) throw new Error(`METRICS_ALLOW: "${entry}" is not an IP address or subnet`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    const prefix = Number(bits);
    if (bits === undefined) list.addAddress(address, type);
    else if (Number.isInteger(prefix) && prefix >= 0 && prefix <= (family === 4 ? 32 : 128)) list.addSubnet(address, prefix, type);
    else throw new Error(`METRICS_ALLOW: "${entry}" has no valid prefix length`);
  }
  return list;
}

const digest = (value) => createHash('sha256').update(value).digest();

/**
 * 'allow', 'hide' (answered 404, as if there were no such page) or 'refuse' (403: a token that is not the one). A sent
 * bearer token decides alone; without one, the caller's address must be listed and the request must not have come
 * through a proxy (behind a proxy on this machine, every visitor would arrive from loopback).
 */
function metricsVerdict(list, expected, req) {
  const authorization = req.headers.authorization;
  if (typeof authorization === 'string' && /^bearer /i.test(authorization)) {
    return expected && timingSafeEqual(digest(authorization.slice(7).trim()), expected) ? 'allow' : 'refuse';
  }
  if (FORWARDING_HEADERS.some((name) => req.headers[name] !== undefined)) return 'hide';
  const remote = req.socket.remoteAddress;
  if (!remote) return 'hide';
  const address = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(remote)?.[1] ?? remote;
  return list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4') ? 'allow' : 'hide';
}

/** What a request is, for its metric label: a few templates, never the address itself. */
function routeOf(pathname, documents) {
  if (pathname in documents) return pathname;
  if (pathname === '/healthz' || pathname === '/readyz' || pathname === '/metrics') return pathname;
  if (pathname.startsWith('/releases/')) return '/releases/:version/*';
  if (pathname.startsWith('/assets/')) return '/assets/*';
  if (pathname.startsWith('/locales/')) return '/locales/*';
  return pathname === '/index.html' || !/\.[^/]*$/.test(pathname) ? 'page' : 'file';
}

function sendJson(res, status, body, extra = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(text),
    ...extra,
  });
  res.end(text);
}

const refusal = (code, message, details = {}) => ({ success: false, data: null, error: code, message, ...details });

/**
 * @param {object} [options]
 * @param {Record<string, (req: import('node:http').IncomingMessage) => unknown>} [options.documents] the shell's
 *        documents: /readyz reads /remotes.json (the pointer, from its file or the database) to say the server can serve
 * @param {{ allow?: string[], token?: string }} [options.metricsAccess] who may read /metrics (loopback by default)
 * @param {number} [options.readinessTimeoutMs]
 */
export function createOperations({ documents = {}, metricsAccess = {}, readinessTimeoutMs = 2000 } = {}) {
  const list = allowList(metricsAccess.allow ?? DEFAULT_ALLOW);
  const expected = metricsAccess.token ? digest(metricsAccess.token) : null;
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status'];
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route template and status',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its reply being sent, by method, route template and status',
    labelNames,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  let shuttingDown = false;

  const ready = async (req) => {
    let timer;
    try {
      const read = documents['/remotes.json'];
      if (read) {
        await Promise.race([
          read(req),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer within ${readinessTimeoutMs} ms`)), readinessTimeoutMs);
          }),
        ]);
      }
      return 'ok';
    } catch (error) {
      // The reason goes to the server's own log: the answer may reach the public through the proxy, so it names
      // what failed, never how (an error's text can name internal hosts).
      console.warn(`readyz: the remotes pointer could not be read (${error instanceof Error ? error.message : String(error)})`);
      return 'unreachable';
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    registry,
    get shuttingDown() {
      return shuttingDown;
    },
    beginShutdown() {
      shuttingDown = true;
    },
    /**
     * Wraps an origin's request handler: gives each request its id (on the request's headers, where the page's API
     * reads find it, and on the reply), answers the operators' addresses, and counts every reply.
     * @param {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void} serve
     */
    wrap(serve) {
      return (req, res) => {
        const started = process.hrtime.bigint();
        const id = requestIdOf(req.headers);
        req.headers[REQUEST_ID_HEADER] = id;
        res.setHeader('X-Request-Id', id);
        // While shutting down, a kept-alive connection ends with its reply: the client's next request goes elsewhere.
        if (shuttingDown) res.setHeader('Connection', 'close');
        let pathname = '/';
        try {
          pathname = new URL(req.url ?? '/', 'http://local').pathname;
        } catch {
          // Counted as a page; the origin answers it 400.
        }
        res.once('finish', () => {
          const labels = { method: req.method ?? 'GET', route: routeOf(pathname, documents), status: String(res.statusCode) };
          requests.inc(labels);
          durations.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
        });
        if (req.method !== 'GET' && req.method !== 'HEAD') return serve(req, res);
        if (pathname === '/healthz') return sendJson(res, 200, { success: true, data: { status: 'alive' }, error: null, message: 'OK' });
        if (pathname === '/readyz') {
          if (shuttingDown) return sendJson(res, 503, refusal('NOT_READY', 'This server is shutting down'));
          void ready(req).then((pointer) =>
            pointer === 'ok'
              ? sendJson(res, 200, { success: true, data: { status: 'ready', checks: { pointer } }, error: null, message: 'OK' })
              : sendJson(res, 503, refusal('NOT_READY', 'Not ready: pointer unreachable', { checks: { pointer } })),
          );
          return undefined;
        }
        if (pathname === '/metrics') {
          const verdict = metricsVerdict(list, expected, req);
          if (verdict === 'hide') {
            res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
            return res.end('Not found');
          }
          if (verdict === 'refuse') return sendJson(res, 403, refusal('FORBIDDEN', 'This token does not open the metrics'));
          const both = Registry.merge([processFigures(), registry]);
          void both.metrics().then(
            (text) => {
              res.writeHead(200, { 'Content-Type': both.contentType, 'Cache-Control': 'no-store' });
              res.end(text);
            },
            () => sendJson(res, 500, refusal('INTERNAL', 'The metrics could not be collected')),
          );
          return undefined;
        }
        return serve(req, res);
      };
    },
  };
}

/**
 * What a shell server's process reads from its environment (the same variables as the API, README "Operating"):
 * METRICS_ALLOW, METRICS_TOKEN and SHUTDOWN_GRACE_MS. An allow list that cannot be used throws, naming the entry.
 * @param {Record<string, string | undefined>} [env]
 */
export function operationsSettings(env = process.env) {
  const allow = env.METRICS_ALLOW
    ? env.METRICS_ALLOW.split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
    : undefined;
  if (allow) allowList(allow);
  const grace = Number(env.SHUTDOWN_GRACE_MS);
  return {
    metricsAccess: { ...(allow ? { allow } : {}), ...(env.METRICS_TOKEN ? { token: env.METRICS_TOKEN } : {}) },
    graceMs: Number.isInteger(grace) && grace > 0 ? grace : 10_000,
  };
}

/**
 * Stops servers the way a deploy needs: unready at once, no new connections (idle kept-alive ones close now), the
 * requests in flight finish, and whatever is still open after `graceMs` is cut. Resolves true when nothing was cut.
 * @param {import('node:http').Server[]} servers
 * @param {{ operations?: ReturnType<typeof createOperations>[], graceMs?: number }} [options]
 */
export async function closeGracefully(servers, { operations = [], graceMs = 10_000 } = {}) {
  for (const ops of operations) ops.beginShutdown();
  let cut = false;
  const timer = setTimeout(() => {
    cut = true;
    for (const server of servers) server.closeAllConnections();
  }, graceMs);
  await Promise.all(
    servers.map(
      (server) =>
        new Promise((resolve) => {
          server.close(() => resolve(undefined));
          server.closeIdleConnections();
        }),
    ),
  );
  clearTimeout(timer);
  return !cut;
}
