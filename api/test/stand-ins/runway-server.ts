import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Answer, StandInCall } from './fal-server.ts';

export interface RunwayBehaviour {
  create(call: StandInCall, count: number): Answer;
  task(taskId: string, count: number): Answer;
  /** Status of GET /files/<task id>.mp4 (the finished video). */
  file(taskId: string): number;
}

/**
 * A local stand-in for Runway's API (version 2024-11-06) as documented: POST /v1/text_to_video and
 * /v1/image_to_video answer {id}; GET /v1/tasks/<id> answers PENDING, RUNNING with progress,
 * SUCCEEDED with output URLs or FAILED with a failure code; DELETE /v1/tasks/<id> cancels (204).
 * Requests need `Authorization: Bearer test-key`.
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
      response.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
      response.end(answer.text ?? JSON.stringify(answer.json ?? {}));
    };
    const file = /^\/files\/([^/]+)\.mp4$/.exec(url.pathname);
    if (file) {
      const status = behaviour.file(file[1]!);
      if (status !== 200) return send({ status, json: { error: 'Not found' } });
      response.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(videoBytes.length) });
      return response.end(videoBytes);
    }
    if (request.headers.authorization !== 'Bearer test-key') return send({ status: 401, json: { error: 'Invalid API key' } });
    if (request.headers['x-runway-version'] !== '2024-11-06') return send({ status: 400, json: { error: 'Missing or bad X-Runway-Version' } });
    if (call.method === 'POST' && (url.pathname === '/v1/text_to_video' || url.pathname === '/v1/image_to_video'))
      return send(behaviour.create(call, count('create')));
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
    },
    callsTo: (method: string, pattern: RegExp) => calls.filter((c) => c.method === method && pattern.test(c.path)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
