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

/** An answer: JSON (or raw text) with a status and headers; `drop` closes the connection without one, as a lost reply. */
export interface Answer {
  status?: number;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
  drop?: boolean;
  /** Takes the request and never answers, as a stalled server. */
  stall?: boolean;
}

const SHAPES = ['21:9', '16:9', '4:3', '1:1', '3:4', '9:16'];
const DURATIONS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'];

/**
 * What fal documents (and its client's endpoint types say) a Seedance endpoint takes; null when the
 * input fits, else the field and the problem, which fal answers with 422. Other endpoints are not
 * served here.
 */
function inputProblem(path: string, body: unknown): { field: string; problem: string } | null {
  const match = /^\/fal-ai\/bytedance\/seedance\/v1\/(lite|pro)\/(text|image)-to-video$/.exec(path);
  if (!match) return { field: 'endpoint', problem: `No such endpoint ${path}` };
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { field: 'body', problem: 'Input should be an object' };
  const input = body as Record<string, unknown>;
  const image = match[2] === 'image';
  const known = ['prompt', 'resolution', 'duration', 'aspect_ratio', 'seed', 'camera_fixed', 'enable_safety_checker', 'num_frames'];
  if (image) known.push('image_url', 'end_image_url');
  for (const key of Object.keys(input)) if (!known.includes(key)) return { field: key, problem: 'Extra inputs are not permitted' };
  if (typeof input.prompt !== 'string') return { field: 'prompt', problem: 'Field required (a string)' };
  if (image && (typeof input.image_url !== 'string' || !/^(https:\/\/|data:image\/(png|jpeg|webp);base64,)/.test(input.image_url))) {
    return { field: 'image_url', problem: 'Field required (a URL or a data URI of a picture)' };
  }
  if (input.resolution !== undefined && !['480p', '720p', '1080p'].includes(String(input.resolution)))
    return { field: 'resolution', problem: 'Input should be 480p, 720p or 1080p' };
  if (input.duration !== undefined && !DURATIONS.includes(input.duration as string)) return { field: 'duration', problem: 'Input should be "2" to "12"' };
  const shapes = image ? [...SHAPES, 'auto'] : [...SHAPES, '9:21'];
  if (input.aspect_ratio !== undefined && !shapes.includes(String(input.aspect_ratio)))
    return { field: 'aspect_ratio', problem: 'Input should be a listed aspect ratio' };
  if (input.seed !== undefined && !Number.isInteger(input.seed)) return { field: 'seed', problem: 'Input should be a valid integer' };
  return null;
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
      if (answer.drop) return void response.socket?.destroy();
      if (answer.stall) return;
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
    if (call.method === 'POST') {
      const problem = inputProblem(url.pathname, body);
      if (problem) return send({ status: 422, json: { detail: [{ loc: ['body', problem.field], msg: problem.problem, type: 'value_error' }] } });
      return send(behaviour.submit(call, count('submit')));
    }
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
