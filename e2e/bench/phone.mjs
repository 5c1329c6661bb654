// The bench on a phone profile: 375x667, the CPU slowed 4x through the DevTools protocol
// (Emulation.setCPUThrottlingRate), the network as it is. Two measures: the script a cold load of a page fetches
// before the page is interactive (and after), and how fast the page answers a signed-in person's taps and keys,
// from the browser's Event Timing (input to the next paint). Every run is a new browser context (empty cache).
import { randomUUID } from 'node:crypto';

export const PHONE_RUNS = Number(process.env.PHONE_RUNS) || 5;
export const CPU_SLOWDOWN = 4;
/** The Event Timing observer's threshold: an interaction answered faster than this leaves no entry. */
export const EVENT_THRESHOLD_MS = 16;
const PHONE = { viewport: { width: 375, height: 667 }, deviceScaleFactor: 2 };
/** What the prompt gets typed, a key at a time. */
const TYPED = 'A red kite';
/** A new person has 100 credits and a generation costs 10: a fresh account after this many generations. */
const GENERATIONS_PER_ACCOUNT = 8;

async function phoneTab(browser, account) {
  const context = await browser.newContext(PHONE);
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  // When React committed the page (`<html data-interactive>`), on the page's own clock.
  await tab.addInitScript(() => {
    const state = { interactiveAt: null, events: [] };
    window.__phone = state;
    // Every request's start on the page's clock (the split of the script before and after interactive reads them).
    performance.setResourceTimingBufferSize(2000);
    new MutationObserver(() => {
      if (state.interactiveAt === null && document.documentElement.dataset.interactive === 'true') state.interactiveAt = performance.now();
    }).observe(document, { attributes: true, subtree: true, childList: true });
    // Every interaction slower than the threshold: its input's start and its duration up to the next paint.
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.interactionId) state.events.push({ id: entry.interactionId, start: entry.startTime, duration: entry.duration });
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  });
  if (account) {
    await tab.addInitScript(
      ({ token, user }) => {
        localStorage.setItem('token', token);
        localStorage.setItem('user', JSON.stringify(user));
      },
      { token: account.token, user: account.user },
    );
  }
  return { context, tab };
}

/**
 * One cold load of `path` on the phone profile: the script fetched (as sent) before the page is interactive and after
 * it, until the network is quiet (the idle preload of the next screens included). A request counts as "before" when it
 * started, on the page's own clock (its resource timing), before `<html data-interactive="true">` was set. The bench
 * itself sees the mark late on a slowed CPU, and a request started just after it would otherwise count as before.
 */
export async function phoneScript(browser, url) {
  const { context, tab } = await phoneTab(browser, null);
  try {
    const scripts = [];
    let interactive = false;
    tab.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push({ request, before: !interactive });
    });
    await tab.goto(url, { waitUntil: 'commit' });
    await tab.locator('html[data-interactive="true"]').waitFor({ state: 'attached', timeout: 60_000 });
    interactive = true;
    // The idle preload starts once the page is idle, which on a slowed CPU can come after a quiet network.
    await tab
      .locator('html[data-next-screens="ready"]')
      .waitFor({ state: 'attached', timeout: 60_000 })
      .catch(() => console.warn(`${url}: the idle preload did not finish on the phone profile`));
    await tab.waitForLoadState('networkidle');
    const sized = await Promise.all(
      scripts.map(({ request, before }) =>
        request.sizes().then(
          (sizes) => ({ before, bytes: sizes.responseBodySize }),
          () => null,
        ),
      ),
    );
    if (sized.includes(null)) return null;
    const interactiveAt = await tab.evaluate(() => window.__phone.interactiveAt);
    const started = await tab.evaluate(() => {
      const starts = {};
      for (const { name, startTime } of performance.getEntriesByType('resource')) (starts[name] ??= []).push(startTime);
      return starts;
    });
    // A request the page has no entry for (none should be missing) keeps the bench's own split.
    const split = sized.map(({ before, bytes }, index) => {
      const start = started[scripts[index].request.url()]?.shift();
      return { bytes, before: start === undefined ? before : start < interactiveAt };
    });
    const sum = (wanted) => split.filter(({ before }) => before === wanted).reduce((total, { bytes }) => total + bytes, 0);
    return { before: sum(true), after: sum(false), interactiveAt };
  } finally {
    await context.close();
  }
}

/** A new person on the bench's API (100 credits), with what the shell keeps in local storage once signed in. */
async function register({ shell, api }) {
  const response = await fetch(`${api}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: shell },
    body: JSON.stringify({ name: 'Bench Phone', email: `bench-${randomUUID()}@example.com`, password: 'correct horse battery' }),
  });
  if (response.status !== 201) throw new Error(`Registering the bench's account answered ${response.status}: ${await response.text()}`);
  const { data } = await response.json();
  return {
    token: data.access_token,
    user: {
      id: data.user.id,
      username: data.user.name,
      email: data.user.email,
      plan: data.user.subscription.plan,
      roles: data.user.roles,
      emailVerified: data.user.emailVerified,
    },
  };
}

/** Each interaction's slowest entry (its input to the next paint), for inputs from `since` on the page's clock. */
async function latencies(tab, since) {
  // An entry is reported after the paint that follows its input: two frames and a task later it is in.
  await tab.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50)))));
  return tab.evaluate((from) => {
    const byInteraction = new Map();
    for (const { id, start, duration } of window.__phone.events) if (start >= from) byInteraction.set(id, Math.max(byInteraction.get(id) ?? 0, duration));
    return [...byInteraction.values()];
  }, since);
}

/**
 * Times one step: `act` gives the input, `shown` is what answers it. Latency is the slowest interaction of the step
 * (an interaction under the threshold leaves no entry and counts as the threshold); `until` is the time from the
 * input to `shown` being visible, on the page's clock.
 */
async function step(tab, act, shown) {
  const since = await tab.evaluate((selector) => {
    const state = { inputAt: null, shownAt: null };
    window.__step = state;
    const check = () => {
      if (state.inputAt !== null && state.shownAt === null && document.querySelector(selector)?.checkVisibility({ visibilityProperty: true })) {
        state.shownAt = performance.now();
      }
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
    for (const type of ['pointerdown', 'keydown']) {
      document.addEventListener(type, () => (state.inputAt ??= performance.now()), { capture: true, once: true });
    }
    return performance.now();
  }, shown);
  await act();
  await tab.waitForFunction(() => window.__step.shownAt !== null, undefined, { timeout: 30_000 });
  const until = await tab.evaluate(() => window.__step.shownAt - window.__step.inputAt);
  const found = await latencies(tab, since);
  return { latencies: found.length ? found : [EVENT_THRESHOLD_MS], until };
}

/** The interactions, in the order one run makes them; each keeps every run's figures. */
export const INTERACTIONS = [
  { key: 'menu', label: 'Open the menu (header button, side sheet shown)' },
  { key: 'modal', label: 'Open the subscription modal (side sheet, "Upgrade plan", the modal shown)' },
  { key: 'move-billing', label: "Move to another remote: home to pricing (side sheet link, billing's heading shown)" },
  { key: 'move-marketing', label: "Move to another remote: pricing to the templates (side sheet link, the templates' cards shown)" },
  { key: 'move-generator', label: "Move to another remote: a template's link to the studio (the prompt shown)" },
  { key: 'type', label: `Type in the prompt (each of ${TYPED.length} keys)` },
  { key: 'generate', label: 'Generate (click, progress bar shown)' },
  { key: 'language', label: 'Switch language (side sheet, Language, Français; the French page shown)' },
];

async function openSheet(tab) {
  await tab.getByTestId('site-header').getByRole('button', { name: 'Open menu' }).click();
  await tab.getByTestId('side-sheet').waitFor();
}

/** One signed-in visit through every interaction; a step that fails is reported missing, and the run goes on. */
async function interactionRun(browser, shell, account, record) {
  const { context, tab } = await phoneTab(browser, account);
  const sheet = tab.getByTestId('side-sheet');
  const steps = [
    ['menu', () => step(tab, () => tab.getByTestId('site-header').getByRole('button', { name: 'Open menu' }).click(), '[data-testid="side-sheet"]')],
    [
      'modal',
      async () => {
        await tab.keyboard.press('Escape');
        await sheet.waitFor({ state: 'hidden' });
        await openSheet(tab);
        const timed = await step(tab, () => sheet.getByRole('button', { name: 'Upgrade plan' }).click(), '[data-testid="subscription-modal"]');
        await tab.keyboard.press('Escape');
        await tab.getByTestId('subscription-modal').waitFor({ state: 'hidden' });
        return timed;
      },
    ],
    [
      'move-billing',
      async () => {
        await openSheet(tab);
        return step(tab, () => sheet.locator('a[href="/en/pricing"]').click(), '[data-remote-region="billing"] h1');
      },
    ],
    [
      'move-marketing',
      async () => {
        await openSheet(tab);
        return step(tab, () => sheet.locator('a[href="/en/free-video-templates"]').click(), '[data-remote-region="marketing"] [data-testid="template-card"]');
      },
    ],
    [
      'move-generator',
      () =>
        step(
          tab,
          () => tab.getByTestId('template-card').first().locator('a[href*="/text-to-video/generator"]').click(),
          '[data-remote-region="generator"] textarea',
        ),
    ],
    [
      'type',
      async () => {
        const prompt = tab.getByLabel('Prompt');
        await prompt.click();
        const since = await tab.evaluate(() => performance.now());
        await prompt.pressSequentially(TYPED, { delay: 120 });
        const found = await latencies(tab, since);
        // Keys answered under the threshold left no entry: they count as the threshold.
        return { latencies: [...found, ...Array(Math.max(0, TYPED.length - found.length)).fill(EVENT_THRESHOLD_MS)], until: null };
      },
    ],
    ['generate', () => step(tab, () => tab.getByTestId('generate-button').click(), '[role="progressbar"]')],
    [
      'language',
      async () => {
        await openSheet(tab);
        await sheet.getByRole('button', { name: 'Language' }).click();
        return step(
          tab,
          () => tab.getByRole('menuitemradio', { name: 'Français' }).click(),
          'html[lang="fr"] [data-remote-region] h1, html[lang="fr"] [data-remote-region] textarea',
        );
      },
    ],
  ];
  try {
    // Each step starts where the one before left the page: after a failure the rest of the run is missing too.
    let failed = false;
    try {
      await tab.goto(`${shell}/en`);
      await tab.locator('html[data-interactive="true"]').waitFor({ state: 'attached', timeout: 60_000 });
      await tab.waitForLoadState('networkidle');
      // Taps on a settled page: the idle preload of the next screens is done (both builds say so the same way).
      await tab.locator('html[data-next-screens="ready"]').waitFor({ state: 'attached', timeout: 60_000 });
    } catch (error) {
      console.warn(`phone: /en did not settle: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      failed = true;
    }
    for (const [key, run] of steps) {
      if (failed) {
        record(key, null);
        continue;
      }
      try {
        record(key, await run());
      } catch (error) {
        console.warn(`phone ${key}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
        record(key, null);
        failed = true;
      }
    }
  } finally {
    await context.close();
  }
}

/**
 * Every interaction's figures over PHONE_RUNS signed-in visits to the site at `origins.shell`, whose API is at
 * `origins.api`: latencies (all of them) and times until shown.
 */
export async function phoneInteractions(browser, origins) {
  const figures = Object.fromEntries(INTERACTIONS.map(({ key }) => [key, { latencies: [], until: [], missing: 0 }]));
  const record = (key, result) => {
    if (!result) {
      figures[key].missing += 1;
      return;
    }
    figures[key].latencies.push(...result.latencies);
    if (result.until !== null) figures[key].until.push(result.until);
  };
  let account = null;
  for (let run = 0; run < PHONE_RUNS; run += 1) {
    if (run % GENERATIONS_PER_ACCOUNT === 0) account = await register(origins);
    await interactionRun(browser, origins.shell, account, record);
  }
  return figures;
}
