import { vi } from 'vitest';
import { PLAN_FEATURES, configure } from '@reelmint/shared';
import type { PlanItem } from '@reelmint/shared';

export const API_BASE = 'http://api.test';

/** The catalogue as the API serves it (api/src/plans/catalogue.ts), so tests read what the browser reads. */
export const CATALOGUE: PlanItem[] = [
  {
    id: 'free',
    key: 'free',
    name: 'Free',
    price: 0,
    currency: 'USD',
    interval: 'month',
    features: PLAN_FEATURES.free,
    description: 'Free plan',
    credits: 100,
    yearlyMonthlyPrice: 0,
    originalMonthlyPrice: 0,
    yearlyPrice: 0,
    yearlyCredits: 1200,
    popular: false,
  },
  {
    id: 'pro',
    key: 'pro',
    name: 'Pro',
    price: 13,
    currency: 'USD',
    interval: 'month',
    features: PLAN_FEATURES.pro,
    description: 'Pro plan',
    credits: 500,
    yearlyMonthlyPrice: 10,
    originalMonthlyPrice: 13,
    yearlyPrice: 120,
    yearlyCredits: 6000,
    popular: false,
  },
  {
    id: 'premium',
    key: 'premium',
    name: 'Max',
    price: 39,
    currency: 'USD',
    interval: 'month',
    features: PLAN_FEATURES.premium,
    description: 'Max plan',
    credits: 1000,
    yearlyMonthlyPrice: 30,
    originalMonthlyPrice: 39,
    yearlyPrice: 360,
    yearlyCredits: 12000,
    popular: true,
  },
];

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * The network, and only the network: a fetch that answers by method and path, and records every
 * call. A route missing here fails the test loudly instead of hanging.
 */
export function fakeApi(routes: Record<string, Handler>) {
  configure({ apiBase: API_BASE });
  const calls: { route: string; body: unknown; headers: Record<string, string> }[] = [];
  const fetchMock = vi.fn(async (input: URL | string, init?: RequestInit) => {
    const url = new URL(String(input));
    const route = `${init?.method ?? 'GET'} ${url.pathname}`;
    calls.push({ route, body: init?.body ? JSON.parse(String(init.body)) : undefined, headers: (init?.headers ?? {}) as Record<string, string> });
    const handler = routes[route];
    if (!handler) throw new Error(`unexpected request ${route}`);
    return handler(init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const ok = (data: unknown, status = 200) => Response.json({ success: true, data, error: null, message: null }, { status });
export const fail = (status: number, error: string, message: string) => Response.json({ success: false, data: null, error, message }, { status });

/** A promise the test settles by hand, to look at the screen while a request is in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
