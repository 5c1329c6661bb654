import { vi } from 'vitest';
import { configure, PLAN_FEATURES } from '@reelmint/shared';
import type { PlanKey } from '@reelmint/shared';
import type { VideoRecord } from '../generator/video-api.ts';

export const API_BASE = 'http://api.test';

export interface RecordedCall {
  method: string;
  path: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
}

type Reply = { status?: number; body: unknown } | 'network-error';
type Handler = (call: RecordedCall) => Reply;

/**
 * The network, and only the network, replaced for unit tests: fetch answers from a table of
 * `METHOD /path` patterns (a trailing `*` matches any rest), recording every call.
 */
export function fakeApi(routes: Record<string, Handler>) {
  configure({ apiBase: API_BASE });
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = { ...(init.headers as Record<string, string> | undefined) };
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    const call = { method, path: url.pathname, url, headers, body };
    calls.push(call);
    const key = Object.keys(routes).find((pattern) => {
      const [m, p = ''] = pattern.split(' ');
      if (m !== method) return false;
      return p.endsWith('*') ? url.pathname.startsWith(p.slice(0, -1)) : url.pathname === p;
    });
    const reply: Reply = key ? routes[key]!(call) : { status: 404, body: { success: false, error: 'NOT_FOUND', message: 'Not found' } };
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path.startsWith(path)) };
}

export const ok = (data: unknown, status = 200) => ({ status, body: { success: true, data, error: null, message: 'ok' } });
export const fail = (status: number, error: string, message: string, extra: Record<string, unknown> = {}) => ({
  status,
  body: { success: false, data: null, error, message, ...extra },
});

export function subscriptionOf(plan: PlanKey) {
  return ok({ plan, status: 'active', features: PLAN_FEATURES[plan], expiresAt: null });
}

/** A token the shared client accepts as unexpired. */
export function fakeToken(): string {
  const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 })).replace(/=+$/, '');
  return `h.${payload}.s`;
}

export function video(overrides: Partial<VideoRecord> = {}): VideoRecord {
  return {
    id: 'vid_1',
    type: 'text-to-video',
    status: 'succeeded',
    prompt: 'A paper boat on a rainy street',
    imageId: null,
    templateId: null,
    model: 'v1.0',
    resolution: '512p',
    duration: '5s',
    aspectRatio: '16:9',
    negativePrompt: null,
    seed: 424242,
    cost: 10,
    queue: 'priority',
    shared: false,
    sharedAt: null,
    shareUrl: null,
    shareViews: 0,
    progress: 100,
    error: null,
    errorCode: null,
    engine: 'fal',
    refunded: false,
    videoUrl: `${API_BASE}/api/videos/vid_1/file?token=x`,
    posterUrl: `${API_BASE}/api/videos/vid_1/poster?token=x`,
    createdAt: '2030-05-01T10:00:00.000Z',
    finishedAt: '2030-05-01T10:00:05.000Z',
    sourceId: null,
    edit: null,
    ...overrides,
  };
}

export const emptyHistory = () => ok({ items: [], page: 1, perPage: 10, total: 0 });
