import { chromium } from '@playwright/test';
import { join } from 'node:path';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createAppServer, listen, shellDocuments } from '../scripts/serve-static.mjs';
import { shellPages } from '../scripts/shell-pages.mjs';

const root = join(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'ab-'));
const pointerFile = join(dir, 'remotes.json');
writeFileSync(pointerFile, JSON.stringify({ remotes: Object.fromEntries(Object.entries({ marketing: 5174, generator: 5175, billing: 5176 }).map(([n, p]) => [n, { entry: `http://localhost:${p}/remoteEntry.js`, version: 'local' }])) }));
const servers = [];
for (const [port, withPages] of [[5197, false], [5198, true]] as const) {
  const documents = shellDocuments({ pointerFile, apiBase: 'http://localhost:8787' });
  const pages = withPages ? await shellPages({ shellDir: join(root, 'shell'), siteOrigin: `http://localhost:${port}`, documents }) : null;
  servers.push(await listen(createAppServer({ dir: join(root, 'shell', 'dist'), spa: true, documents, pages }), port));
}
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
const shots = process.env.SHOTS === '1';
// A move to another remote after the first page is idle.
for (const [blockPreload, target, region] of [[false, '/en/pricing', 'billing'], [false, '/en/about-us', 'marketing'], [false, '/en/free-video-templates', 'marketing']] as const) for (let i = 0; i < 3; i++) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  // Without the idle preload: the page cannot read the other remotes' manifests, and their entries are not preloaded early.
  if (blockPreload) await page.route(/localhost:517[56]\//, (route) => (route.request().frame() && route.request().resourceType() !== 'fetch' && route.request().url().includes('mf-manifest') ? route.abort() : route.fallback()));
  await page.goto('http://localhost:5198/en/faqs');
  await page.locator('[data-remote-region] h1').waitFor();
  await page.waitForLoadState('networkidle');
  const ms = await page.evaluate(`new Promise((resolve) => {
    const start = performance.now();
    document.querySelector('a[href="${target}"]').click();
    const check = () => (document.querySelector('[data-remote-region="${region}"] h1') && location.pathname === '${target}' ? resolve(performance.now() - start) : requestAnimationFrame(check));
    check();
  })`) as number;
  console.log(`move /en/faqs -> ${target} after idle${blockPreload ? ' (manifests blocked)' : ''}: ${Math.round(ms)} ms`);
  await context.close();
}
await browser.close();
for (const server of servers) server.close();
process.exit(0);
