import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Answer, StandInCall } from './fal-server.ts';

const TEXT_RATIOS = ['1280:720', '720:1280'];
const IMAGE_RATIOS = ['1280:720', '720:1280', '1104:832', '960:960', '832:1104', '1584:672'];
/** Runway's inline limit for a picture as a data URI, encoded. */
const DATA_URI_LIMIT = 5 * 1024 * 1024;

/**
 * What Runway's API (2024-11-06) documents for a create, per model, as its SDK's types say: the
 * fields each model takes, which of them it needs, and their values. Anything else is answered as
 * Runway answers a bad request (400, with the problem). `uploads`: the runway:// URIs this stand-in
 * handed out.
 */
function createProblem(path: string, body: unknown, uploads: Set<string>): string | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'The body must be a JSON object';
  const fields = body as Record<string, unknown>;
  const image = path === '/v1/image_to_video';
  const model = fields.model;
  const allowed = image
    ? model === 'gen4.5'
      ? { need: ['model', 'promptImage', 'promptText', 'ratio', 'duration'], may: ['seed', 'contentModeration', 'outputFormat', 'proresProfile'] }
      : model === 'gen4_turbo'
        ? { need: ['model', 'promptImage', 'ratio'], may: ['duration', 'promptText', 'seed', 'contentModeration'] }
        : null
    : model === 'gen4.5'
      ? { need: ['model', 'promptText', 'ratio', 'duration'], may: ['seed', 'contentModeration', 'outputFormat', 'proresProfile'] }
      : null;
  if (!allowed) return `Invalid model ${JSON.stringify(model)} for ${path}`;
  for (const key of allowed.need) if (fields[key] === undefined) return `${key}: Required`;
  for (const key of Object.keys(fields)) if (![...allowed.need, ...allowed.may].includes(key)) return `Unrecognized key: ${key}`;
  const ratios = image ? IMAGE_RATIOS : TEXT_RATIOS;
  if (!ratios.includes(String(fields.ratio))) return `ratio: Invalid enum value ${JSON.stringify(fields.ratio)}`;
  if (fields.duration !== undefined && (!Number.isInteger(fields.duration) || Number(fields.duration) < 2 || Number(fields.duration) > 10)) {
    return 'duration: Must be an integer from 2 to 10';
  }
  if (fields.promptText !== undefined && (typeof fields.promptText !== 'string' || fields.promptText.length < 1 || fields.promptText.length > 1000)) {
    return 'promptText: A non-empty string up to 1000 characters';
  }
  if (fields.seed !== undefined && (!Number.isInteger(fields.seed) || Number(fields.seed) < 0 || Number(fields.seed) > 4294967295)) return 'seed: Invalid seed';
  if (image) {
    const picture = fields.promptImage;
    if (typeof picture !== 'string') return 'promptImage: Expected a string';
    if (picture.startsWith('data:')) {
      if (!/^data:image\/(png|jpeg|webp);base64,/.test(picture)) return 'promptImage: Invalid data URI';
      if (picture.length > DATA_URI_LIMIT) return 'promptImage: Data URIs must be at most 5MB; upload larger images';
    } else if (picture.startsWith('runway://')) {
      if (!uploads.has(picture)) return 'promptImage: Unknown or expired upload';
    } else if (!/^https:\/\//.test(picture)) {
      return 'promptImage: Must be an HTTPS URL, a Runway upload URI or a data URI';
    }
  }
  return null;
}

export interface RunwayBehaviour {
  create(call: StandInCall, count: number): Answer;
  task(taskId: string, count: number): Answer;
  /** Status of GET /files/<task id>.mp4 (the finished video). */
  file(taskId: string): number;
}

/**
 * A local stand-in for Runway's API (version 2024-11-06) as documented: POST /v1/text_to_video and
 * /v1/image_to_video check their body (createProblem) and answer {id}; GET /v1/tasks/<id> answers
 * PENDING, RUNNING with progress, SUCCEEDED with output URLs or FAILED with a failure code; DELETE
 * /v1/tasks/<id> cancels (204); POST /v1/uploads answers where to send a file (its form fields and
 * the runway:// URI it will have), and /upload-target takes it. Requests need `Authorization:
 * Bearer test-key`. An answer with `drop` makes the task, then closes the connection unanswered.
 */
export async function startRunwayStandIn(videoBytes: Buffer) {
  const calls: StandInCall[] = [];
  const counts = new Map<string, number>();
  const count = (key: string) => {
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    return n;
  };
  let nextId = 0;
  let base = '';
  const uploads = new Set<string>();
  const pendingUploads = new Map<string, string>();
  let uploadCount = 0;
  const behaviour: RunwayBehaviour = {
    create: () => {
      nextId += 1;
      return { json: { id: `task-${nextId}` } };
    },
    task: (id, n) =>
      n === 1
        ? { json: { id, status: 'PENDING', createdAt: '2030-01-01T00:00:00Z' } }
        : n === 2
          ? { json: { id, status: 'RUNNING', progress: 0.5, createdAt: '2030-01-01T00:00:00Z' } }
          : { json: { id, status: 'SUCCEEDED', output: [`${base}/files/${id}.mp4`], createdAt: '2030-01-01T00:00:00Z' } },
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
      response.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
      response.end(answer.text ?? JSON.stringify(answer.json ?? {}));
    };
    if (url.pathname === '/upload-target' && call.method === 'POST') {
      // The storage behind an upload: a multipart form with the handed-out fields and the file.
      const key = /name="key"\r\n\r\n([^\r]+)/.exec(raw)?.[1];
      if (!key || !pendingUploads.has(key) || !/name="file"; filename="/.test(raw)) return send({ status: 400, json: { error: 'Bad upload form' } });
      uploads.add(pendingUploads.get(key)!);
      response.writeHead(204);
      return response.end();
    }
    const file = /^\/files\/([^/]+)\.mp4$/.exec(url.pathname);
    if (file) {
      const status = behaviour.file(file[1]!);
      if (status !== 200) return send({ status, json: { error: 'Not found' } });
      response.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(videoBytes.length) });
      return response.end(videoBytes);
    }
    if (request.headers.authorization !== 'Bearer test-key') return send({ status: 401, json: { error: 'Invalid API key' } });
    if (request.headers['x-runway-version'] !== '2024-11-06') return send({ status: 400, json: { error: 'Missing or bad X-Runway-Version' } });
    if (call.method === 'POST' && (url.pathname === '/v1/text_to_video' || url.pathname === '/v1/image_to_video')) {
      const problem = createProblem(url.pathname, body, uploads);
      if (problem) return send({ status: 400, json: { error: problem } });
      return send(behaviour.create(call, count('create')));
    }
    if (call.method === 'POST' && url.pathname === '/v1/uploads') {
      const upload = body as { filename?: unknown; type?: unknown } | null;
      if (typeof upload?.filename !== 'string' || upload.type !== 'ephemeral')
        return send({ status: 400, json: { error: 'filename and type=ephemeral are required' } });
      const key = `upload-${(uploadCount += 1)}`;
      pendingUploads.set(key, `runway://uploads/${key}/${upload.filename}`);
      return send({
        json: { uploadUrl: `${base}/upload-target`, fields: { key, policy: 'stand-in' }, runwayUri: `runway://uploads/${key}/${upload.filename}` },
      });
    }
    const task = /^\/v1\/tasks\/([^/]+)$/.exec(url.pathname);
    if (task && call.method === 'GET') return send(behaviour.task(task[1]!, count(`task:${task[1]}`)));
    if (task && call.method === 'DELETE') {
      response.writeHead(204);
      return response.end();
    }
    return send({ status: 404, json: { error: 'No such route' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    calls,
    behaviour,
    reset() {
      Object.assign(behaviour, defaults);
      nextId = 0;
      calls.length = 0;
      counts.clear();
      uploads.clear();
      pendingUploads.clear();
    },
    callsTo: (method: string, pattern: RegExp) => calls.filter((c) => c.method === method && pattern.test(c.path)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
