import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { PORTS } from '@reelmint/contract/remotes';
import { MAIL_PORT } from './support/mailbox.ts';
import { CHAOS_SHELL_PORTS } from './support/origins.ts';

const SHELL = `http://localhost:${PORTS.shell}`;
/** The specs that open the test's mailbox (support/mailbox.ts). */
const MAIL_SPECS = /(email-verification|password-reset)\.spec\.ts$/;

/** Debian's Chromium: Playwright cannot download its own browser on these machines. The bench measures pages in it. */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * Debian's build of Chromium's headless shell (package chromium-headless-shell), when installed: the same engine
 * without the windowed browser around it, which is what Playwright itself runs headless tests in. The suite's pages
 * cost it about half the CPU of the full browser on two cores. `npm test` installs it and sets CHROMIUM_PATH to it.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const testLaunch = {
  ...chromiumLaunch,
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
};

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  // Spec files run two at a time (each starts its own extra origins on ports no other spec uses and
  // signs up its own people); the tests inside a file keep their order.
  workers: 2,
  forbidOnly: true,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: SHELL,
    launchOptions: testLaunch,
    trace: 'off',
  },
  projects: [
    { name: 'site', testIgnore: MAIL_SPECS },
    // The API sends every mail to the one SMTP port a mail spec listens on, so those specs take turns.
    { name: 'mail', testMatch: MAIL_SPECS, workers: 1 },
  ],
  webServer: [
    {
      // The built apps, served exactly as `npm start` serves them (the test command builds first).
      command: 'node ../scripts/start.mjs --no-build --no-api',
      url: `${SHELL}/remotes.json`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      // The real API on a fresh embedded database; tests register many people, so sign-up limits are relaxed.
      command: 'npm start -w api',
      cwd: '..',
      url: `http://localhost:${PORTS.api}/api/config`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      env: {
        DATA_DIR: mkdtempSync(join(tmpdir(), 'reelmint-e2e-api-')),
        // The API's own local list (the site's origins by either host name) and the chaos matrix's shells.
        SITE_ORIGINS: [PORTS.shell, PORTS.marketing, PORTS.generator, PORTS.billing, ...Object.values(CHAOS_SHELL_PORTS)]
          .flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`])
          .join(','),
        RATE_LIMIT_AUTH: '1000',
        RATE_LIMIT_PASSWORD_RESET: '1000',
        // Every browser of the run reports telemetry from 127.0.0.1, so the default of 60 reports a minute per address
        // refused (429) the reports of a spec that runs beside others, and its assertions on them failed.
        RATE_LIMIT_TELEMETRY: '1000',
        // Mail goes to the SMTP server that the mail specs start on this port (support/mailbox.ts).
        SMTP_URL: `smtp://127.0.0.1:${MAIL_PORT}`,
        MAIL_FROM: 'Reelmint <no-reply@reelmint.test>',
        TEMPLATE_PREVIEWS: 'off',
        // New passwords hashed at the API's low test cost: at the production cost every sign-up here is about half a
        // second of CPU, taken from the browsers. The API refuses this setting under NODE_ENV=production.
        TEST_ONLY_PASSWORD_HASHING: 'low',
        LOG_LEVEL: 'warn',
      },
    },
  ],
});
