import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: unknown;
  at: number;
}

/** An answer: JSON (or raw text) with a status and headers. */
export interface Answer {
  status?: number;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
}

export interface FalBehaviour {
  submit(call: StandInCall, count: number): Answer;
  status(requestId: string, count: number): Answer;
  result(requestId: string): Answer;
  /** Status of GET /files/<request id>.mp4 (the finished video). */
  file(requestId: string): number;
}

/**
 * A local stand-in for fal.ai's queue API as documented (queue.fal.run): POST /<endpoint id>
 * answers {request_id, status_url, response_url, cancel_url}; GET …/requests/<id>/status answers
 * IN_QUEUE, IN_PROGRESS or COMPLETED; GET …/requests/<id> answers the result ({video: {url}});
 * PUT …/requests/<id>/cancel cancels. It also publishes ED25519 webhook keys as a JWKS and signs
 * webhooks the way fal does (request id, user id, timestamp, SHA-256 of the body).
 */
export async function startFalStandIn(videoBytes: Buffer) {
  const calls: StandInCall[] = [];
  const counts = new Map<string, number>();
  const count = (key: string) => {
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    return n;
  };
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  let nextId = 0;
  let base = '';
  const behaviour: FalBehaviour = {
    submit: () => {
      nextId += 1;
      const id = `req-${nextId}`;
      return {
        json: {
          request_id: id,
          status_url: `${base}/fal-ai/x/requests/${id}/status`,
          response_url: `${base}/fal-ai/x/requests/${id}`,
          cancel_url: `${base}/fal-ai/x/requests/${id}/cancel`,
          queue_position: 0,
        },
      };
    },
    status: (requestId, n) => ({ json: { request_id: requestId, status: n === 1 ? 'IN_QUEUE' : n === 2 ? 'IN_PROGRESS' : 'COMPLETED', queue_position: 0 } }),
    result: (requestId) => ({ json: { video: { url: `${base}/files/${requestId}.mp4`, content_type: 'video/mp4' } } }),
    file: () => 200,
  };
  const defaults = { ...behaviour };

  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url ?? '/', 'http://stand-in');
    let body: unknown = raw;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      // Recorded as text.
    }
    const call: StandInCall = { method: request.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: request.headers, body, at: Date.now() };
    calls.push(call);
    const send = (answer: Answer) => {
      const headers = { 'content-type': 'application/json', ...answer.headers };
      response.writeHead(answer.status ?? 200, headers);
      response.end(answer.text ?? JSON.stringify(answer.json ?? {}));
    };

    if (url.pathname === '/.well-known/jwks.json') return send({ json: { keys: [{ ...publicKey.export({ format: 'jwk' }), kid: 'stand-in' }] } });
    const file = /^\/files\/([^/]+)\.mp4$/.exec(url.pathname);
    if (file) {
      const status = behaviour.file(file[1]!);
      if (status !== 200) return send({ status, json: { detail: 'Not Found' } });
      response.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(videoBytes.length) });
      return response.end(videoBytes);
    }
    if (request.headers.authorization !== 'Key test-key' && request.headers.authorization !== 'Key wrong-key') {
      return send({ status: 401, json: { detail: 'No credentials' } });
    }
    if (request.headers.authorization === 'Key wrong-key') return send({ status: 401, json: { detail: 'Invalid key' } });
    const statusMatch = /\/requests\/([^/]+)\/status$/.exec(url.pathname);
    if (statusMatch && call.method === 'GET') return send(behaviour.status(statusMatch[1]!, count(`status:${statusMatch[1]}`)));
    const cancelMatch = /\/requests\/([^/]+)\/cancel$/.exec(url.pathname);
    if (cancelMatch && call.method === 'PUT') return send({ status: 202, json: { status: 'CANCELLATION_REQUESTED' } });
    const resultMatch = /\/requests\/([^/]+)$/.exec(url.pathname);
    if (resultMatch && call.method === 'GET') return send(behaviour.result(resultMatch[1]!));
    if (call.method === 'POST') return send(behaviour.submit(call, count('submit')));
    return send({ status: 404, json: { detail: 'No such route' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    jwksUrl: `${base}/.well-known/jwks.json`,
    calls,
    behaviour,
    reset() {
      Object.assign(behaviour, defaults);
      nextId = 0;
      calls.length = 0;
      counts.clear();
    },
    callsTo: (method: string, pattern: RegExp) => calls.filter((c) => c.method === method && pattern.test(c.path)),
    /** Headers of a webhook fal would send for this body; `tamper` breaks the signature. */
    webhookHeaders(requestId: string, body: string, tamper = false): Record<string, string> {
      const timestamp = String(Math.floor(Date.now() / 1000));
      const digest = createHash('sha256').update(body).digest('hex');
      const signature = sign(null, Buffer.from([requestId, 'user-1', timestamp, digest].join('\n')), privateKey).toString('hex');
      return {
        'content-type': 'application/json',
        'x-fal-webhook-request-id': requestId,
        'x-fal-webhook-user-id': 'user-1',
        'x-fal-webhook-timestamp': timestamp,
        'x-fal-webhook-signature': tamper ? `${signature.slice(0, -2)}${signature.endsWith('00') ? '11' : '00'}` : signature,
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FalStandIn = Awaited<ReturnType<typeof startFalStandIn>>;
