import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { PORTS } from '@reelmint/contract/remotes';
import { listen } from '@reelmint/release/origin';
import { createShellServer, shellDocuments, shellPages } from 'shell/server';
import { keepSession, register } from '../support/accounts.ts';
import { untilInteractive } from '../support/routes.ts';
import { expect, test } from '../support/test.ts';

// A site of its own on Stripe: a shell (5192) that runs the suite's remotes, an API (8799) with the Stripe provider
// pointed (STRIPE_API_BASE) at the Stripe stand-in (12111), and the stand-in's control (12112), which plays Stripe's
// side (a payment, a declined renewal, a retry that pays) and sends the signed webhooks Stripe would.
const root = join(import.meta.dirname, '..', '..');
const SHELL = 'http://localhost:5192';
const API = 'http://localhost:8799';
const STRIPE = 12111;
const CONTROL = `http://127.0.0.1:${STRIPE + 1}`;
const WEBHOOK_SECRET = 'whsec_e2e_stand_in';
const work = mkdtempSync(join(tmpdir(), 'reelmint-stripe-e2e-'));
const children: ChildProcess[] = [];
let shell: Server | null = null;
let api: APIRequestContext | null = null;

function start(command: string, args: string[], env: NodeJS.ProcessEnv): void {
  children.push(spawn(command, args, { cwd: join(root, 'api'), env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] }));
}

async function until(url: string): Promise<void> {
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(url)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 150_000 },
    )
    .toBe(200);
}

/** What Stripe does by itself, through the stand-in's control: answers the webhooks the API gave back. */
async function asStripe(path: string): Promise<{ subscriptionId: string; delivered: Array<{ type: string; status: number }> }> {
  const response = await fetch(`${CONTROL}${path}`, { method: 'POST' });
  expect(response.status, path).toBe(200);
  const result = (await response.json()) as { subscriptionId: string; delivered: Array<{ type: string; status: number }> };
  for (const webhook of result.delivered) expect(webhook.status, webhook.type).toBe(200);
  return result;
}

test.beforeAll(async () => {
  start(process.execPath, ['--import', 'tsx', 'test/stand-ins/stripe-process.ts'], {
    STRIPE_STAND_IN_PORT: String(STRIPE),
    WEBHOOK_URL: `${API}/api/payment/webhook`,
    WEBHOOK_SECRET,
  });
  start(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    PORT: '8799',
    DATA_DIR: join(work, 'api-data'),
    DATABASE_URL: '',
    SITE_ORIGINS: SHELL,
    SITE_ORIGIN: SHELL,
    STRIPE_SECRET_KEY: 'sk_test_stand_in',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: `http://127.0.0.1:${STRIPE}`,
    TEMPLATE_PREVIEWS: 'off',
    TEST_ONLY_PASSWORD_HASHING: 'low',
    RUN_WORKER: 'false',
    CANARY_GUARD: 'off',
    LOG_LEVEL: 'warn',
  });
  // The suite's remotes as they are served (their local builds), with this API in the shell's runtime config.
  const pointerFile = join(work, 'remotes.json');
  const remotes = Object.fromEntries(
    (['marketing', 'generator', 'billing'] as const).map((name) => [name, { version: 'local', entry: `http://localhost:${PORTS[name]}/remoteEntry.js` }]),
  );
  writeFileSync(pointerFile, JSON.stringify({ remotes }));
  const documents = shellDocuments({ pointerFile, apiBase: API });
  const pages = await shellPages({ shellDir: join(root, 'shell'), siteOrigin: SHELL, documents });
  const security = { codeOrigins: Object.values(remotes).map(({ entry }) => entry), apiOrigin: API };
  shell = await listen(createShellServer({ dir: join(root, 'shell', 'dist'), documents, pages, security }), 5192);
  await until(`${API}/api/config`);
  api = await request.newContext({ baseURL: API });
});

test.afterAll(async () => {
  await api?.dispose();
  await new Promise<void>((resolve) => (shell ? shell.close(() => resolve()) : resolve()));
  for (const child of children) child.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
});

test('a failed renewal pauses paid features with a banner and a way to mend the card; its payment resumes them', async ({ browser }) => {
  test.setTimeout(120_000);
  const person = await register(api!, 'Renewal');
  // Max, paid through Stripe Checkout (the stand-in completes it and tells the API, as Stripe would).
  const checkout = await api!.post('/api/payment/create-subscription-session', { headers: person.headers, data: { planName: 'max', billingCycle: 'monthly' } });
  const checkoutUrl = ((await checkout.json()) as { data: { checkoutUrl: string } }).data.checkoutUrl;
  const { subscriptionId } = await asStripe(`/checkouts/${new URL(checkoutUrl).pathname.split('/').at(-1)}/complete`);
  expect(await person.get<{ plan: string; status: string }>('/api/user/subscription')).toMatchObject({ plan: 'premium', status: 'active' });

  const context = await browser.newContext();
  await keepSession(context, person);
  // Stripe's own page, out of reach here: the browser gets a page in its place.
  await context.route('https://billing.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Stripe billing</title><h1>Update your card</h1>' }),
  );
  const page = await context.newPage();
  await page.goto(`${SHELL}/en/text-to-video/generator`);
  await untilInteractive(page);
  await expect(page.getByTestId('payment-due-banner')).toHaveCount(0);

  // The renewal's card is declined.
  await asStripe(`/subscriptions/${subscriptionId}/fail-renewal`);
  await page.reload();
  await untilInteractive(page);
  const banner = page.getByTestId('payment-due-banner');
  await expect(banner).toContainText("Your last payment didn't go through, so your plan's paid features are paused.");
  // Max's 1080p is paused, not sold again.
  await page.getByRole('button', { name: /1080p/ }).click();
  await expect(page.getByTestId('lock-note-resolution')).toContainText('Paused until your last payment goes through');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The account page says so too.
  await page.goto(`${SHELL}/en/account`);
  await expect(page.getByTestId('plan-payment-due')).toBeVisible();

  // The banner's button opens Stripe's customer portal for this customer.
  await banner.getByRole('button', { name: 'Update payment method' }).click();
  await page.waitForURL(/^https:\/\/billing\.stripe\.com\/p\/session\//);
  await expect(page.getByRole('heading', { name: 'Update your card' })).toBeVisible();

  // The card mended, Stripe's retry pays: features resume, the renewal's credits arrive once.
  await asStripe(`/subscriptions/${subscriptionId}/recover`);
  await page.goto(`${SHELL}/en/text-to-video/generator`);
  await untilInteractive(page);
  await expect(page.getByRole('button', { name: /1080p/ })).not.toHaveAttribute('data-locked', 'true');
  await expect(page.getByTestId('payment-due-banner')).toHaveCount(0);
  expect(await person.get<{ balance: number }>('/api/user/credits')).toEqual({ balance: 100 + 1000 + 1000 });
  await context.close();
});
