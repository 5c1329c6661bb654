import { defineConfig } from '@playwright/test';

const SHELL = 'http://localhost:5173';

/** Debian's Chromium: Playwright cannot download its own browser on these machines. */
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

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: SHELL,
    launchOptions: chromiumLaunch,
    trace: 'off',
  },
  webServer: {
    // The built site, served exactly as `npm start` serves it (the test command builds first).
    command: 'node ../scripts/start.mjs --no-build',
    url: `${SHELL}/remotes.json`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
