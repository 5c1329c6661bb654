// Every spec imports `test` and `expect` from here: the site runs under its content security policy, and a test
// fails when any page it opened reported a violation (something the policy blocked, which a visitor would miss).
import { test as base, expect } from '@playwright/test';
import type { Browser, BrowserContext } from '@playwright/test';

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

export const test = base.extend<{ cspViolations: CspViolations }>({
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
});

export { expect };
