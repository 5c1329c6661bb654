import { expect, test } from '../support/test.ts';
import type { Browser, BrowserContext, Page, Request } from '@playwright/test';
import { FAILURES, startChaosOrigin } from '../support/chaos.ts';
import type { ChaosOrigin, Failure, OriginState } from '../support/chaos.ts';
import { CHAOS_SHELL_PORTS, originOf } from '../support/origins.ts';
import { localized, shipped, untilInteractive } from '../support/routes.ts';
import { startShell } from '../support/servers.ts';
import type { Stoppable } from '../support/servers.ts';

// The chaos matrix: each remote's origin fails in each way (refuses connections, accepts them and never answers,
// answers after 3 s, answers 500, serves a truncated entry, serves a build made against another contract), for the
// first load of a page the remote owns and for a move to it from another remote's page. Each remote gets a shell of
// its own (CHAOS_SHELL_PORTS, 5200-5202) whose pointer sends that remote to an origin the test controls (5203-5205) and the others to
// their real origins, so one round runs the three remotes' six cases at once. Ports no other spec uses.
// The shells have drawn every page before the remote fails, as a running site has: the failure meets a server that
// holds the remote's build, its manifest and its stylesheets, which is when the first HTML used to wait on the remote.

type Remote = 'marketing' | 'generator' | 'billing';

interface Case {
  shellPort: number;
  chaosPort: number;
  /** The page of the remote loaded first (in French), and the string key of its heading. */
  page: string;
  heading: string;
  /** The move to the remote (in German): from another remote's page, by the header's link to `to`. */
  from: { remote: Remote; path: string; heading: string };
  to: { path: string; heading: string };
}

const CASES: Record<Remote, Case> = {
  marketing: {
    shellPort: CHAOS_SHELL_PORTS.marketing,
    chaosPort: 5203,
    page: '/',
    heading: 'home.title',
    from: { remote: 'billing', path: '/pricing', heading: 'pricing.title' },
    to: { path: '/free-video-templates', heading: 'templates.title' },
  },
  generator: {
    shellPort: CHAOS_SHELL_PORTS.generator,
    chaosPort: 5204,
    page: '/text-to-video/generator',
    heading: 'title',
    from: { remote: 'billing', path: '/pricing', heading: 'pricing.title' },
    // The header's "Try it free" leads to the studio (START_FREE_PATH).
    to: { path: '/text-to-video/generator', heading: 'title' },
  },
  billing: {
    shellPort: CHAOS_SHELL_PORTS.billing,
    chaosPort: 5205,
    page: '/pricing',
    heading: 'pricing.title',
    from: { remote: 'marketing', path: '/faqs', heading: 'faqs.title' },
    to: { path: '/pricing', heading: 'pricing.title' },
  },
};
const REMOTES = Object.keys(CASES) as Remote[];

/** The region's timeout (shell/src/remotes/loader.ts), and what a loaded two-core machine adds to it. */
const REGION_TIMEOUT_MS = 8000;
const SLACK_MS = 2000;
/** From the click to the region's load starting, and from its timeout to the fallback's frame, on a loaded machine. */
const MOVE_SLACK_MS = 1000;

const shellUrl = (remote: Remote) => `http://localhost:${CASES[remote].shellPort}`;
/** A shell where `remote` is healthy: the next remote's. */
const healthyShellOf = (remote: Remote) => REMOTES[(REMOTES.indexOf(remote) + 1) % REMOTES.length]!;
const origins = {} as Record<Remote, ChaosOrigin>;
const shells: Stoppable[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  for (const remote of REMOTES) origins[remote] = await startChaosOrigin(`mfe-${remote}`, CASES[remote].chaosPort);
  for (const remote of REMOTES) {
    const pointer = Object.fromEntries(
      REMOTES.map((name) => [name, { entry: name === remote ? `${origins[name].url}/remoteEntry.js` : `${originOf(name)}/remoteEntry.js`, version: 'local' }]),
    );
    shells.push(await startShell(CASES[remote].shellPort, pointer));
  }
  // Every page the rounds open is drawn once while all is well: the server then holds each build, manifest and stylesheet.
  await expect
    .poll(
      async () => {
        const drawn = await Promise.all(
          REMOTES.flatMap((remote) => [
            fetch(`${shellUrl(remote)}${localized('fr', CASES[remote].page)}`).then((response) => response.text()),
            fetch(`${shellUrl(healthyShellOf(remote))}${localized('fr', CASES[remote].page)}`).then((response) => response.text()),
            fetch(`${shellUrl(remote)}${localized('de', CASES[remote].from.path)}`).then((response) => response.text()),
          ]),
        );
        return drawn.every((html) => html.includes('"screen":true'));
      },
      // Each shell loads each remote's server build and reads its manifest and stylesheets: on a loaded machine a read
      // may time out and is not tried again for a few seconds.
      { timeout: 60_000 },
    )
    .toBe(true);
});

test.afterAll(async () => {
  await Promise.all([...shells, ...Object.values(origins)].map((server) => server.stop()));
});

/** Errors the page logs, with where they came from. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} @ ${message.location().url}`);
  });
  page.on('pageerror', (error) => errors.push(`${error.message} @ ${error.stack ?? ''}`));
  return errors;
}

/** The page's only errors are the failing remote's: each one names its origin or the remote. */
function onlyErrorsOf(errors: string[], remote: Remote): string[] {
  return errors.filter((error) => !error.includes(origins[remote].url) && !error.includes(remote));
}

const isReport = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/telemetry/remotes';

interface Scenario {
  /** Until the page shows what the failure leaves: the region's content, or its notice. */
  fail(): Promise<void>;
  /** Once the origin answers again: the region's screen without a reload. */
  recover(): Promise<void>;
}

/** A page marked so a full reload would be seen. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
}
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

/** Whether the region's heading says `text` and React owns it (hydrated or drawn by the browser), not only the server's HTML. */
const ownsHeading = (page: Page, remote: Remote, text: string) =>
  page.evaluate(
    ({ css, text }) => {
      const element = document.querySelector(css);
      return !!element && element.textContent === text && Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
    },
    { css: `[data-remote-region="${remote}"] h1`, text },
  );

async function ownedHeading(page: Page, remote: Remote, text: string, timeout = REGION_TIMEOUT_MS + SLACK_MS) {
  await expect.poll(() => ownsHeading(page, remote, text), { timeout }).toBe(true);
}

/** A healthy page taken over: no region timeout involved, only a machine that may be busy (a ceiling, not a wait). */
const TAKE_OVER_CEILING_MS = 30_000;

/** What the region ends with once the remote has had its time: its screen, or the notice that it is unavailable. */
async function outcome(page: Page, remote: Remote, text: string, expected: 'screen' | 'notice' | undefined): Promise<'screen' | 'notice'> {
  const notice = page.locator(`[data-testid="remote-fallback"][data-remote="${remote}"]`);
  const ended = async () => ((await notice.count()) > 0 ? 'notice' : (await ownsHeading(page, remote, text)) ? 'screen' : null);
  await expect.poll(ended, { timeout: REGION_TIMEOUT_MS + SLACK_MS }).not.toBeNull();
  const seen = (await ended())!;
  if (expected) expect(seen, `${remote}: what the region ends with`).toBe(expected);
  return seen;
}

/**
 * How the region must end. A slow origin may or may not hand its code over within the region's timeout; a build made
 * against another contract may run (the federation runtime only warns about a singleton's version) or fail: either
 * ending is right for those two, as long as the page painted at once and the rest works.
 */
const expectedEnding = (state: OriginState) => (state === 'healthy' ? 'screen' : state === 'slow' || state === 'incompatible' ? undefined : 'notice');

/**
 * A link in the region the server drew, on a page taken over while the remote's code does not come: the browser
 * follows it itself (a new document), as it would any link of a page without scripts.
 */
async function followDrawnLink(context: BrowserContext, remote: Remote): Promise<void> {
  const page = await context.newPage();
  const link = page.locator(`[data-remote-region="${remote}"] a[href^="/fr/"]`).first();
  // The server draws the remote's screen into the page only when it renders in time; on a busy machine it sends the
  // region's outline instead (and has the screen for the next page), which holds no link to follow. Loaded again until
  // the page comes drawn: what this checks is a drawn page's links while the origin stalls.
  await expect(async () => {
    await page.goto(`${shellUrl(remote)}${localized('fr', CASES[remote].page)}`, { waitUntil: 'commit' });
    await page.getByTestId('site-footer').waitFor({ state: 'attached' });
    expect(await link.count(), `${remote}: the page drawn with its screen`).toBeGreaterThan(0);
  }).toPass({ timeout: TAKE_OVER_CEILING_MS });
  await untilInteractive(page);
  await markDocument(page);
  const href = (await link.getAttribute('href'))!;
  await link.click({ timeout: 10_000 });
  await page.waitForURL(`**${href}`);
  await expect(page.getByTestId('site-header')).toBeVisible();
  expect(await sameDocument(page)).toBe(false);
}

/**
 * The first load of the remote's page, in French, while its origin is in `state`, from the remote's own shell (or
 * `shell`'s, where it is healthy).
 */
function firstLoad(context: BrowserContext, remote: Remote, state: OriginState, shell: Remote = remote): Scenario & { paint: Promise<number> } {
  const { page: path, heading } = CASES[remote];
  let page: Page;
  let errors: string[] = [];
  let ended: 'screen' | 'notice' = 'screen';
  /** The events of the release reports the page sent. */
  const reported: object[] = [];
  let resolvePaint: (ms: number) => void = () => undefined;
  const paint = new Promise<number>((resolve) => (resolvePaint = resolve));
  return {
    paint,
    async fail() {
      page = await context.newPage();
      errors = watchErrors(page);
      page.on('request', (sent) => {
        if (isReport(sent)) reported.push(...((JSON.parse(sent.postData() ?? '{}') as { events?: object[] }).events ?? []));
      });
      // Not 'load': a stalled origin's preloads would hold it.
      await page.goto(`${shellUrl(shell)}${localized('fr', path)}`, { waitUntil: 'commit' });
      const fcp = await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime, undefined, { polling: 50 });
      resolvePaint(Number(await fcp.jsonValue()));
      // Nothing the first paint waited for came from the remote's origin (the browser marks what blocked rendering).
      const blocking = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => (entry as PerformanceResourceTiming & { renderBlockingStatus?: string }).renderBlockingStatus === 'blocking')
          .map((entry) => new URL(entry.name).origin),
      );
      expect(blocking, `${remote} ${state}: what held the first paint`).toEqual(blocking.map(() => shellUrl(shell)));
      // Painted with the shell's chrome and the region as the server drew it.
      await expect(page.getByTestId('site-header')).toBeVisible();
      await expect(page.getByTestId('site-footer')).toBeAttached();
      await expect(page.locator(`[data-remote-region="${remote}"] h1, [data-testid="region-loading"]`).first()).toBeVisible();
      await untilInteractive(page);
      await markDocument(page);
      // The header works whatever the remote does: its language menu opens.
      await page
        .getByTestId('site-header')
        .getByRole('button', { name: new RegExp(`^${shipped('shell', 'fr', 'header.language')}`) })
        .click({ timeout: 10_000 });
      await expect(page.getByRole('menuitemradio', { name: 'Deutsch' })).toBeVisible();
      await page.keyboard.press('Escape');
      ended = await outcome(page, remote, shipped(remote, 'fr', heading), expectedEnding(state));
      if (ended === 'notice') {
        const notice = page.getByTestId('remote-fallback');
        await expect(notice).toContainText(shipped('shell', 'fr', 'region.unavailableTitle'));
        await expect(notice.getByRole('button', { name: shipped('shell', 'fr', 'region.retry') })).toBeVisible();
        // What the server drew stays readable below the notice.
        const drawn = page.locator(`[data-remote-region="${remote}"] h1`);
        if (await drawn.count()) await expect(drawn).toHaveText(shipped(remote, 'fr', heading));
        if (state === 'stalled') {
          // The release figures hear of it: the load that timed out, with the version (sent after a few seconds, or when
          // the page is left).
          await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
          const expected = [
            expect.objectContaining({ remote, version: 'local', canary: false, kind: 'load-error', detail: 'timeout' }),
            expect.objectContaining({ remote, version: 'local', canary: false, kind: 'fallback' }),
          ];
          await expect.poll(() => reported, { timeout: 10_000 }).toEqual(expect.arrayContaining(expected));
        }
      }
      // On a shell, the one remote whose origin the test fails is that shell's own.
      expect(onlyErrorsOf(errors, shell), `${remote} ${state}: errors of others`).toEqual([]);
    },
    async recover() {
      if (ended === 'screen') return;
      await page
        .getByTestId('remote-fallback')
        .getByRole('button', { name: shipped('shell', 'fr', 'region.retry') })
        .click({ timeout: 10_000 });
      await ownedHeading(page, remote, shipped(remote, 'fr', heading));
      await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
      expect(await sameDocument(page)).toBe(true);
    },
  };
}

/** A move to the remote's screen from another remote's page, in German, while its origin is in `state`. */
function move(context: BrowserContext, remote: Remote, state: OriginState): Scenario {
  const { from, to } = CASES[remote];
  /** The header's link to a screen, by its address (the bar's labels are short forms of the menu's). */
  const follow = (page: Page, path: string) =>
    page
      .getByTestId('site-header')
      .locator(`a[href="${localized('de', path)}"]`)
      .first()
      .click({ timeout: 10_000 });
  let page: Page;
  let errors: string[] = [];
  let ended: 'screen' | 'notice' = 'screen';
  return {
    async fail() {
      page = await context.newPage();
      errors = watchErrors(page);
      await page.goto(`${shellUrl(remote)}${localized('de', from.path)}`, { waitUntil: 'commit' });
      await ownedHeading(page, from.remote, shipped(from.remote, 'de', from.heading), TAKE_OVER_CEILING_MS);
      await markDocument(page);
      // On the page's own clock: from the click to the fallback's first frame in the document.
      await page.evaluate(() => {
        const times = window as unknown as { clickedAt?: number; fallbackAt?: number };
        document.addEventListener('click', () => (times.clickedAt ??= performance.now()), { capture: true });
        new MutationObserver(() => {
          if (document.querySelector('[data-testid="remote-fallback"]')) times.fallbackAt ??= performance.now();
        }).observe(document.body, { childList: true, subtree: true });
      });
      await follow(page, to.path);
      ended = await outcome(page, remote, shipped(remote, 'de', to.heading), expectedEnding(state));
      if (ended === 'notice') {
        const took = await page.evaluate(() => {
          const times = window as unknown as { clickedAt?: number; fallbackAt?: number };
          return (times.fallbackAt ?? Infinity) - (times.clickedAt ?? 0);
        });
        expect(took, `${remote} ${state}: the fallback within the region's timeout`).toBeLessThan(REGION_TIMEOUT_MS + MOVE_SLACK_MS);
        await expect(page.getByTestId('remote-fallback')).toContainText(shipped('shell', 'de', 'region.unavailableTitle'));
        // The rest works meanwhile: on to the other remote's screen by the header.
        await follow(page, CASES[from.remote].to.path);
        await ownedHeading(page, from.remote, shipped(from.remote, 'de', CASES[from.remote].to.heading));
      }
      expect(onlyErrorsOf(errors, remote), `${remote} ${state}: errors of others`).toEqual([]);
    },
    async recover() {
      if (ended === 'screen') return;
      // The next move loads the remote afresh: no reload, no Try again needed.
      await follow(page, to.path);
      await ownedHeading(page, remote, shipped(remote, 'de', to.heading));
      expect(await sameDocument(page)).toBe(true);
    },
  };
}

/**
 * One round: every remote's origin in `state`; each remote's first load, the same page from a shell where the remote is
 * healthy, and the move to the remote, all at once; then the recovery. Each page's paint is reported beside its healthy twin's.
 */
async function round(browser: Browser, state: OriginState): Promise<void> {
  const contexts: BrowserContext[] = [];
  const context = async () => {
    const opened = await browser.newContext();
    contexts.push(opened);
    return opened;
  };
  try {
    await Promise.all(REMOTES.map((remote) => origins[remote].set(state)));
    const loads = await Promise.all(
      REMOTES.map(async (remote) => ({
        remote,
        first: firstLoad(await context(), remote, state),
        twin: firstLoad(await context(), remote, 'healthy', healthyShellOf(remote)),
        moved: move(await context(), remote, state),
      })),
    );
    await Promise.all([
      ...loads.flatMap(({ first, twin, moved }) => [first.fail(), twin.fail(), moved.fail()]),
      // The home page's region holds links (the others' hold forms and cards): one stall shows them working.
      ...(state === 'stalled' ? [followDrawnLink(await context(), 'marketing')] : []),
    ]);
    // What held each first paint is asserted in fail() (nothing from the remote's origin). How long the paints took,
    // against the same page with the remote healthy, is a figure for the report, not a pass mark: on a shared machine a
    // paint moves by more than any bound from one minute to the next.
    const figures = await Promise.all(
      loads.map(async ({ remote, first, twin }) => ({ remote, state, firstPaintMs: await first.paint, healthyTwinMs: await twin.paint })),
    );
    await test.info().attach(`first paints, origins ${state}`, { body: JSON.stringify(figures, null, 2), contentType: 'application/json' });
    await Promise.all(REMOTES.map((remote) => origins[remote].set('healthy')));
    await Promise.all(loads.flatMap(({ first, moved }) => [first.recover(), moved.recover()]));
  } finally {
    await Promise.all(contexts.map((opened) => opened.close()));
  }
}

test('with every remote healthy: each page paints with nothing from a remote origin, is taken over, and a move draws the screen', async ({ browser }) => {
  test.setTimeout(90_000);
  await round(browser, 'healthy');
});

for (const failure of FAILURES) {
  test(`an origin that ${behaviour(failure)}: the page paints without waiting for it, the rest works, the region falls back and recovers`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    await round(browser, failure);
  });
}

function behaviour(failure: Failure): string {
  return {
    refused: 'refuses connections',
    stalled: 'accepts connections and never answers',
    slow: 'answers after 3 s',
    error: 'answers 500',
    truncated: 'serves a truncated entry',
    incompatible: 'serves a build made against another contract',
  }[failure];
}
