// Every spec imports `test` and `expect` from here: the site runs under its content security policy, and a test
// fails when any page it opened reported a violation (something the policy blocked, which a visitor would miss).
// The fixtures here are what many specs need: the API, fresh people on it, a signed-in page, the test's mailbox and
// extra origins that stop with the test.
import { test as base, expect } from '@playwright/test';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { keepSession, register } from './accounts.ts';
import type { Account } from './accounts.ts';
import { Mailbox } from './mailbox.ts';
import { API } from './origins.ts';
import { startAppServer, startShell, startSilentServer } from './servers.ts';
import type { Stoppable } from './servers.ts';

export interface CspViolation {
  /** The page where it happened. */
  document: string;
  directive: string;
  /** What was blocked: a URL, or 'inline' / 'eval'. */
  blocked: string;
  /** Where the offending code was, when the browser knows. */
  source: string;
  sample: string;
}

export interface CspViolations {
  /** The violations reported so far in this test, removed from the list: for a test that provokes one on purpose. */
  take(): CspViolation[];
}

const BINDING = '__reelmintCspViolation';

/** Listens in every frame of the context, before any of the page's own scripts. */
async function watch(context: BrowserContext, record: (violation: CspViolation) => void): Promise<void> {
  await context.exposeBinding(BINDING, (_source, violation: CspViolation) => record(violation));
  await context.addInitScript((binding) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (violation: unknown) => void>)[binding];
      report?.({
        document: event.documentURI,
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: event.sourceFile ? `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}` : '',
        sample: event.sample,
      });
    });
  }, BINDING);
}

/** What this worker's pages reported since the current test began (one worker runs one test at a time). */
const reported: CspViolation[] = [];

/** Extra origins for a test (support/servers.ts), each stopped when the test ends, failed or not. */
interface Servers {
  shell(port: number, remotes: Parameters<typeof startShell>[1]): Promise<Stoppable>;
  app(appDir: string, port: number): Promise<Stoppable>;
  silent(port: number): Promise<Stoppable>;
}

interface TestFixtures {
  cspViolations: CspViolations;
  /** Requests to the real API: paths such as `/api/auth/login` go to its origin. */
  api: APIRequestContext;
  /** Registers a new person through `api`, by name, with a fresh address and the usual password unless given. */
  signUp: (name: string, options?: { email?: string; password?: string }) => Promise<Account>;
  /** The name `account` signs up with; `test.use({ accountName })` changes it for a file or a group. */
  accountName: string;
  /** A person who signed up for this test (free plan, 100 credits), not yet signed in anywhere. */
  account: Account;
  /** `page`, signed in as `account` before it opens anything, the way the shell keeps a session. */
  signedInPage: Page;
  servers: Servers;
}

interface WorkerFixtures {
  /**
   * The SMTP server the API under test mails to (support/mailbox.ts), open while the worker runs. Its port is fixed,
   * so only the specs of the `mail` project, which take turns, may use it (playwright.config.ts).
   */
  mailbox: Mailbox;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // Every context a spec opens (the default one and any from browser.newContext) is watched.
  browser: [
    async ({ browser }, use) => {
      const newContext: Browser['newContext'] = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        await watch(context, (violation) => reported.push(violation));
        return context;
      };
      await use(browser);
      browser.newContext = newContext;
    },
    { scope: 'worker' },
  ],
  cspViolations: [
    async ({}, use) => {
      reported.length = 0;
      await use({ take: () => reported.splice(0) });
      expect(reported, 'content security policy violations reported by the pages of this test').toEqual([]);
    },
    { auto: true },
  ],
  api: async ({ playwright }, use) => {
    const api = await playwright.request.newContext({ baseURL: API });
    await use(api);
    await api.dispose();
  },
  signUp: async ({ api }, use) => {
    await use((name, options) => register(api, name, options));
  },
  accountName: ['Grace Hopper', { option: true }],
  account: async ({ signUp, accountName }, use) => {
    await use(await signUp(accountName));
  },
  signedInPage: async ({ page, account }, use) => {
    await keepSession(page, account);
    await use(page);
  },
  servers: async ({}, use) => {
    const started: Stoppable[] = [];
    const kept = async (starting: Promise<Stoppable>) => {
      const server = await starting;
      started.push(server);
      return server;
    };
    await use({
      shell: (port, remotes) => kept(startShell(port, remotes)),
      app: (appDir, port) => kept(startAppServer(appDir, port)),
      silent: (port) => kept(startSilentServer(port)),
    });
    await Promise.all(started.map((server) => server.stop()));
  },
  mailbox: [
    async ({}, use) => {
      const mailbox = new Mailbox();
      await mailbox.open();
      await use(mailbox);
      await mailbox.close();
    },
    { scope: 'worker' },
  ],
});

export { expect };
