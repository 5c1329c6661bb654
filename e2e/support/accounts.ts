// People on the real API, as the specs need them: registered, signed in the way the site keeps a session, paying
// through the local test checkout, spending credits. The fixtures in support/test.ts hand them to the tests.
import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import type { RegisterReply, SessionUser } from '@reelmint/contract/account-api';

/** The password the specs' people sign up with, unless a test picks its own. */
export const PASSWORD = 'correct horse battery';

/** An address nobody has signed up with yet (the API runs on one database for the whole suite). */
export function freshEmail(): string {
  return `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Someone registered on the API, with the calls a spec makes on their behalf. */
export interface Account {
  id: string;
  name: string;
  email: string;
  password: string;
  token: string;
  /** The bearer token as a request header, for calls made as this person. */
  headers: { authorization: string };
  /** What the shell keeps in local storage after this person signs in. */
  sessionUser: SessionUser;
  /** A GET as this person that must succeed; its `data`. */
  get<T>(path: string): Promise<T>;
  /** Buys a plan through the real local checkout, as its owner would (the bearer token is the proof). */
  subscribe(planName: 'pro' | 'max', billingCycle: 'monthly' | 'yearly'): Promise<void>;
  /** Spends credits the way an app does (one deduction, its own Idempotency-Key); the balance left. */
  spend(amount: number): Promise<number>;
}

/** Registers a new person through `api` (a request context whose base URL is the API) and expects it to succeed. */
export async function register(api: APIRequestContext, name: string, { email = freshEmail(), password = PASSWORD } = {}): Promise<Account> {
  const response = await api.post('/api/auth/register', { data: { name, email, password } });
  expect(response.status()).toBe(201);
  const { data } = (await response.json()) as { data: RegisterReply };
  const headers = { authorization: `Bearer ${data.access_token}` };
  const get = async <T>(path: string): Promise<T> => {
    // A read is safe to send again: once, when the connection it reused was reset under it.
    const answer = await api.get(path, { headers, maxRetries: 1 });
    expect(answer.ok(), `GET ${path}`).toBe(true);
    return ((await answer.json()) as { data: T }).data;
  };
  return {
    id: data.user.id,
    name,
    email,
    password,
    token: data.access_token,
    headers,
    sessionUser: {
      id: data.user.id,
      username: data.user.name,
      email: data.user.email,
      plan: data.user.subscription.plan,
      roles: data.user.roles,
      emailVerified: data.user.emailVerified,
    },
    get,
    async subscribe(planName, billingCycle) {
      const checkout = await api.post('/api/payment/create-subscription-session', { headers, data: { planName, billingCycle, source: 'e2e' } });
      expect(checkout.ok()).toBe(true);
      const { sessionId } = ((await checkout.json()) as { data: { sessionId: string } }).data;
      const paid = await api.post(`/api/payment/checkout/${sessionId}/pay`, { headers, maxRedirects: 0 });
      expect(paid.status()).toBe(303);
    },
    async spend(amount) {
      const response = await api.post('/api/user/credits/deduct', {
        headers: { ...headers, 'Idempotency-Key': randomUUID() },
        data: { amount, metadata: { type: 'video_generation', timestamp: new Date().toISOString() } },
      });
      expect(response.status()).toBe(200);
      return ((await response.json()) as { data: { newBalance: number } }).data.newBalance;
    },
  };
}

/** Stores the account's session where the shell reads it, before any page of `target` loads: signed in without the form. */
export async function keepSession(target: Page | BrowserContext, account: Account): Promise<void> {
  await target.addInitScript(
    ({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
    },
    { token: account.token, user: account.sessionUser },
  );
}

/** Signs in through the shell's form at `path` (English or French), as a person would. */
export async function signInWithForm(page: Page, account: Pick<Account, 'email' | 'password'>, path = '/en/auth'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: /Sign in|Se connecter/ }).click();
}

/** Opens the header's account menu, the signed-in person's button. */
export async function openAccountMenu(page: Page): Promise<void> {
  await page
    .getByTestId('site-header')
    .getByRole('button', { name: /Account menu/ })
    .click();
}
