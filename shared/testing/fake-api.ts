import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { configure, PLAN_FEATURES } from '@reelmint/shared';
import type { PlanKey } from '@reelmint/contract/plans';
import type { AccountSessionsReply, AccountUser, SessionsEndedReply } from '@reelmint/contract/account-api';
import type {
  CancelReply,
  CheckoutSessionReply,
  CreditHistoryPage,
  CreditPack,
  CreditsInfo,
  DeletedReply,
  EditEstimate,
  EditReply,
  EnhancePromptReply,
  GenerateReply,
  LoginReply,
  PaymentSession,
  PortalReply,
  PlanChangeReply,
  PlanItem,
  PublicVideo,
  ReceiptsPage,
  ResetLinkReply,
  ShareState,
  SiteConfig,
  SubscriptionStatus,
  VideoHistoryPage,
  VideoCancelReply,
  VideoRecord,
  VideoTemplate,
  ViewCountReply,
} from '@reelmint/shared';
import type { EndedVideosReply, NotificationSettings, PushKeyReply } from '@reelmint/contract/notification-api';
import type { ReleaseActionReply, ReleaseMetrics, ReleaseOverview } from '@reelmint/contract/release-api';

/** Where the fake API answers: every test that uses it configures the client with this base. */
export const API_BASE = 'http://api.test';

/**
 * The calls the fake API knows, each with the `data` its `{ success, data }` envelope carries, as the shared
 * request and reply declarations type them. `:name` matches one path segment.
 */
export interface ApiRoutes {
  'POST /api/auth/login': LoginReply;
  'POST /api/auth/password/reset/check': ResetLinkReply;
  'GET /api/auth/me': AccountUser;
  'GET /api/account/sessions': AccountSessionsReply;
  'POST /api/account/sessions/sign-out-others': SessionsEndedReply;
  'GET /api/config': SiteConfig;
  'GET /api/user/credits': CreditsInfo;
  'GET /api/user/credits/history': CreditHistoryPage;
  'GET /api/user/subscription': SubscriptionStatus;
  'GET /api/subscription/plans': PlanItem[];
  'POST /api/subscription/change': PlanChangeReply;
  'DELETE /api/subscription/scheduled-change': SubscriptionStatus;
  'DELETE /api/subscription/cancellation': SubscriptionStatus;
  'POST /api/subscription/cancel': CancelReply;
  'GET /api/credits/packs': CreditPack[];
  /** Read whole and warily by the client (a checkout counts only with a URL), so any part of the reply may be sent. */
  'POST /api/payment/create-subscription-session': Partial<CheckoutSessionReply>;
  'POST /api/payment/create-pack-session': CheckoutSessionReply;
  'POST /api/payment/portal': PortalReply;
  'GET /api/payment/session/:id': PaymentSession;
  'GET /api/payment/receipts': ReceiptsPage;
  'GET /api/video/templates': VideoTemplate[];
  'GET /api/videos/history': VideoHistoryPage;
  'GET /api/videos/status/:id': VideoRecord;
  'POST /api/videos/generate': GenerateReply;
  'POST /api/videos/edits': EditReply;
  'POST /api/videos/edits/estimate': EditEstimate;
  'POST /api/videos/enhance-prompt': EnhancePromptReply;
  'DELETE /api/videos/:id': DeletedReply;
  'POST /api/videos/:id/cancel': VideoCancelReply;
  'POST /api/videos/:id/share': ShareState;
  'DELETE /api/videos/:id/share': ShareState;
  'GET /api/public/videos/:id': PublicVideo;
  'POST /api/public/videos/:id/views': ViewCountReply;
  'GET /api/release/overview': ReleaseOverview;
  'GET /api/release/metrics': ReleaseMetrics;
  'POST /api/release/actions': ReleaseActionReply;
  'GET /api/notifications/ended': EndedVideosReply;
  'GET /api/notifications/settings': NotificationSettings;
  'PUT /api/notifications/settings': NotificationSettings;
  'GET /api/notifications/push-key': PushKeyReply;
}

export type ApiRoute = keyof ApiRoutes;

declare const carries: unique symbol;

/** One answer of the fake API; `T` is the `data` it carries, so a route takes only replies of its own type. */
export interface Reply<T> {
  readonly status: number;
  readonly body: unknown;
  readonly networkError?: true;
  readonly [carries]?: T;
}

/** A reply a route may answer. */
export type ReplyTo<R extends ApiRoute> = Reply<ApiRoutes[R]>;

/** A request the fake API received. Header names are lower case, as fetch sends them. */
export interface ApiCall {
  /** `METHOD /path`. */
  route: string;
  method: string;
  path: string;
  url: URL;
  /** The values of the route's `:name` segments. */
  params: Record<string, string>;
  headers: Record<string, string>;
  /** The JSON body parsed, a multipart body as FormData, else undefined. */
  body: unknown;
}

type Answer<T> = Reply<T> | Promise<Reply<T>>;
export type Handler<R extends ApiRoute> = ReplyTo<R> | ((call: ApiCall) => Answer<ApiRoutes[R]>);
type WrittenOut<R extends string> = R extends `${infer Head}:${string}/${infer Tail}`
  ? `${Head}${string}/${WrittenOut<Tail>}`
  : R extends `${infer Head}:${string}`
    ? `${Head}${string}`
    : R;
/**
 * A route with its `:name` segments written out (`GET /api/public/videos/vid_9`), to answer for one record only;
 * not for a route that others extend (`DELETE /api/videos/:id` would also match `DELETE /api/videos/:id/share`).
 */
type Concrete<R extends ApiRoute> = [Extract<ApiRoute, `${R}/${string}`>] extends [never] ? WrittenOut<R> : R;
export type Handlers = { [R in ApiRoute as R | Concrete<R>]?: Handler<R> };

/** A success, in the envelope every API reply has. */
export const ok = <T>(data: T, status = 200): Reply<T> => ({ status, body: { success: true, data, error: null, message: 'OK' } });

/** A refusal as the API sends it: `error` is the code, `message` for people, plus any fields of the error (`required`, ...). */
export const fail = (status: number, code: string, message: string, details: Record<string, unknown> = {}): Reply<never> => ({
  status,
  body: { success: false, data: null, error: code, message, ...details },
});

/** A body outside the envelope (a proxy's page, a broken reply), to test how the client copes. */
export const raw = (status: number, body: unknown): Reply<never> => ({ status, body });

/** The server cannot be reached: fetch rejects as it does offline. */
export const networkError = (): Reply<never> => ({ status: 0, body: null, networkError: true });

/** A promise the test settles by hand, to look at the screen while a request is in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

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

/** The subscription the API reports on a plan: active, with the plan's features, renewing. */
export function subscriptionOf(plan: PlanKey): SubscriptionStatus {
  return { plan, status: 'active', features: PLAN_FEATURES[plan], expiresAt: null };
}

/** An empty page of a list, as the history answers a new account. */
export const emptyPage = (perPage = 10) => ({ items: [], page: 1, perPage, total: 0 });

/** The person the fake API serves while signed in (see signIn). */
export interface FakeAccount {
  user: AccountUser;
  balance: number;
  plan: PlanKey;
}

const UNAUTHENTICATED = fail(401, 'UNAUTHENTICATED', 'Sign in to continue');

function signedInOnly<T>(answer: (account: FakeAccount) => Reply<T>) {
  return (call: ApiCall): Reply<T> => (state.account && call.headers.authorization ? answer(state.account) : UNAUTHENTICATED);
}

/** What the API answers when a test says nothing else: a visitor sees the catalogue; a signed-in person their account. */
const DEFAULTS: Handlers = {
  'GET /api/auth/me': signedInOnly((account) => ok(account.user)),
  'GET /api/user/credits': signedInOnly((account) => ok({ balance: account.balance })),
  'GET /api/user/subscription': signedInOnly((account) => ok(subscriptionOf(account.plan))),
  'GET /api/videos/history': signedInOnly(() => ok(emptyPage())),
  'GET /api/subscription/plans': ok(CATALOGUE),
  'GET /api/video/templates': ok([]),
  'GET /api/config': ok({ googleClientId: null, paymentProvider: 'local', videoEngine: 'fal' }),
  // The shell's job watcher asks on every signed-in page; nothing is under way unless a test says so.
  'GET /api/notifications/ended': signedInOnly(() => ok({ ended: [], active: 0, now: '2026-01-01T00:00:00.000Z' })),
  'GET /api/notifications/settings': signedInOnly(() => ok({ email: false, pushDevices: 0 })),
};

const state: { account: FakeAccount | null; overrides: Handlers; calls: ApiCall[] } = { account: null, overrides: {}, calls: [] };

function matches(route: string, method: string, path: string): Record<string, string> | null {
  const [routeMethod, routePath = ''] = route.split(' ');
  if (routeMethod !== method) return null;
  const want = routePath.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(got[i]!);
    else if (part !== got[i]) return null;
  }
  return params;
}

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) return request.formData();
  const text = await request.text();
  if (!text) return undefined;
  return type.includes('json') ? (JSON.parse(text) as unknown) : text;
}

function find(method: string, path: string): { handler: Handler<ApiRoute>; params: Record<string, string> } | null {
  for (const table of [state.overrides, DEFAULTS]) {
    for (const [route, handler] of Object.entries(table)) {
      const params = matches(route, method, path);
      if (params) return { handler: handler as Handler<ApiRoute>, params };
    }
  }
  return null;
}

const server = setupServer(
  http.all(`${API_BASE}/*`, async ({ request }) => {
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    const found = find(method, url.pathname);
    const call: ApiCall = {
      route: `${method} ${url.pathname}`,
      method,
      path: url.pathname,
      url,
      params: found?.params ?? {},
      headers: Object.fromEntries(request.headers.entries()),
      body: await readBody(request),
    };
    state.calls.push(call);
    const reply = !found
      ? fail(404, 'NOT_FOUND', `No route ${method} ${url.pathname}`)
      : typeof found.handler === 'function'
        ? await found.handler(call)
        : found.handler;
    if (reply.networkError) return HttpResponse.error();
    return reply.body === null || typeof reply.body === 'object'
      ? HttpResponse.json(reply.body, { status: reply.status })
      : new HttpResponse(String(reply.body), { status: reply.status });
  }),
);

/** The fake API of the current test file (see setupFakeApi). */
export interface FakeApi {
  calls: ApiCall[];
  callsTo(route: string): ApiCall[];
  on<R extends ApiRoute>(route: R, handler: Handler<R>): void;
  use(handlers: Handlers): FakeApi;
  reset(): void;
  files(path: string, json: (url: URL) => unknown): URL[];
  account: FakeAccount | null;
}

export const fakeApi: FakeApi = {
  /** Every request received in this test, in order. */
  calls: state.calls,
  /** The requests to one route (`METHOD /path`, where a `:name` segment matches any), or to a path prefix ending in `*`. */
  callsTo(route: string): ApiCall[] {
    const [method, path = ''] = route.split(' ');
    return state.calls.filter((call) =>
      path.endsWith('*') ? call.method === method && call.path.startsWith(path.slice(0, -1)) : matches(route, call.method, call.path) !== null,
    );
  },
  /** Answers a route this way until the test ends. */
  on<R extends ApiRoute>(route: R, handler: Handler<R>): void {
    (state.overrides as Record<string, unknown>)[route] = handler;
  },
  /** Answers several routes, as `on` does each. */
  use(handlers: Handlers): FakeApi {
    Object.assign(state.overrides, handlers);
    return fakeApi;
  },
  /** Forgets the calls so far and the test's own routes, as between two tests. */
  reset(): void {
    state.overrides = {};
    state.calls.length = 0;
  },
  /**
   * Answers GET requests for files on the page's own origin (`/locales/:lng/translation.json`) with `json`,
   * until the test ends; returns the addresses asked for, in order.
   */
  files(path: string, json: (url: URL) => unknown): URL[] {
    const asked: URL[] = [];
    server.use(
      http.get(new URL(path, location.href).href, ({ request }) => {
        const url = new URL(request.url);
        asked.push(url);
        return HttpResponse.json(json(url) as Record<string, unknown>);
      }),
    );
    return asked;
  },
  /** The account the signed-in defaults answer for (set by signIn), or null for a visitor. */
  get account(): FakeAccount | null {
    return state.account;
  },
  set account(account: FakeAccount | null) {
    state.account = account;
  },
};

/**
 * The fake API for the tests of this file: the shared client talks to API_BASE, which msw answers from the
 * defaults and the test's own routes; a request anywhere else fails the test. Each test starts with the defaults,
 * no calls and no account.
 */
export function setupFakeApi(): FakeApi {
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
  });
  beforeEach(() => {
    configure({ apiBase: API_BASE });
    // A request the last test's screen sent as it was taken down is not this test's.
    state.calls.length = 0;
  });
  afterEach(async () => {
    // After-hooks run last-registered first, so this one comes before the setup file's cleanup: the screen is taken
    // down here, before its calls are forgotten, or a read it starts meanwhile would count in the next test.
    if (typeof document !== 'undefined') (await import('@testing-library/react')).cleanup();
    server.resetHandlers();
    fakeApi.reset();
    state.account = null;
  });
  afterAll(() => {
    server.close();
  });
  return fakeApi;
}
