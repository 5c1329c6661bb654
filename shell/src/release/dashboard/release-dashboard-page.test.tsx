import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, renderWithProviders, setupFakeApi } from '@reelmint/testing';
import type { Handlers } from '@reelmint/testing';
import ReleaseDashboardPage from './release-dashboard-page.tsx';
import type { Metrics, Overview } from './dashboard-api.ts';

const [en] = Object.values(import.meta.glob<Record<string, unknown>>('../../../public/locales/en/translation.json', { eager: true, import: 'default' }));

const STABLE = '1.4.2+3f9c0d1e2a';
const CANARY = '1.5.0+7ab1c2d3e4';

const overview: Overview = {
  pointerStore: 'file',
  updatedAt: '2026-11-23T10:00:00.000Z',
  remotes: [
    {
      name: 'billing',
      live: STABLE,
      canary: {
        version: CANARY,
        percent: 10,
        since: '2026-11-23T09:00:00.000Z',
        stepSince: '2026-11-23T09:30:00.000Z',
        guard: { minVisits: 50, errorMargin: 0.05, p75Margin: 0.25, steps: [25, 50, 100], stepMinutes: 15 },
      },
      rollbackTo: 'local',
      published: [
        {
          version: CANARY,
          publishedAt: '2026-11-22T09:00:00.000Z',
          publishedBy: 'Ada',
          reason: 'new cards',
          sharedContract: '^1.0.0',
          commit: '7ab1c2d3e4',
          dirty: false,
          builtAt: '2026-11-22T08:59:00.000Z',
        },
        {
          version: STABLE,
          publishedAt: '2026-11-20T09:00:00.000Z',
          publishedBy: 'Ada',
          reason: 'spring prices',
          sharedContract: '^1.0.0',
          commit: '3f9c0d1e2a',
          dirty: false,
          builtAt: '2026-11-20T08:59:00.000Z',
        },
      ],
    },
  ],
  history: [
    {
      at: '2026-11-23T10:30:00.000Z',
      actor: 'canary guard',
      action: 'guard-widen',
      remote: 'billing',
      reason: 'canary guard: healthy at 10%; widening to 25%',
      from: `${CANARY} 10%`,
      to: `${CANARY} 25%`,
      figures: { canary: { version: CANARY, visits: 55, errorRate: 0, p75: 600 }, stable: { version: STABLE, visits: 300, errorRate: 0.01, p75: 700 } },
    },
    {
      at: '2026-11-23T10:00:00.000Z',
      actor: 'canary guard',
      action: 'guard-stop',
      remote: 'billing',
      reason: 'canary guard: error rate 80%',
      from: CANARY,
      to: STABLE,
      figures: { canary: { version: CANARY, visits: 60, errorRate: 0.8, p75: 900 }, stable: { version: STABLE, visits: 300, errorRate: 0.01, p75: 700 } },
    },
    {
      at: '2026-11-23T09:00:00.000Z',
      actor: 'npm start',
      action: 'start-local',
      remote: 'billing',
      reason: 'no published version is live; serving the local build',
      from: null,
      to: 'local',
      figures: null,
    },
  ],
};

const now = Date.now();
const metrics: Metrics = {
  remote: 'billing',
  since: new Date(now - 24 * 3_600_000).toISOString(),
  bucketMinutes: 60,
  versions: [
    {
      version: STABLE,
      canary: false,
      total: { visits: 300, errors: 3, errorRate: 0.01, fallbacks: 1, p50: 500, p75: 700, p95: 1200 },
      buckets: [{ start: new Date(now - 2 * 3_600_000).toISOString(), visits: 300, errors: 3, errorRate: 0.01, fallbacks: 1, p50: 500, p75: 700, p95: 1200 }],
    },
  ],
};

setupFakeApi();

/** The API of a release manager: the overview, the metrics, and how it answers a change. */
function releaseApi(more: Handlers = {}) {
  return fakeApi.use({ 'GET /api/release/overview': ok(overview), 'GET /api/release/metrics': ok(metrics), ...more });
}

/** The posts of changes the page sent. */
const posted = () => fakeApi.calls.filter((call) => call.method === 'POST');

async function renderPage() {
  await renderWithProviders(<ReleaseDashboardPage />, { resources: { en: { translation: en ?? {} } } });
}

describe('the release dashboard page', () => {
  it('tells a person without the role what is missing and how to get it', async () => {
    const forbidden = fail(403, 'FORBIDDEN', 'Only release managers can use the release dashboard.');
    fakeApi.use({ 'GET /api/release/overview': forbidden, 'GET /api/release/metrics': forbidden });
    await renderPage();
    expect(await screen.findByTestId('release-forbidden')).toHaveTextContent('Your account does not have the release-manager role');
  });

  it('shows the live version, the guarded canary, the figures, the published builds and the history with what the guard saw', async () => {
    releaseApi();
    await renderPage();
    const billing = await screen.findByTestId('release-remote-billing');
    expect(within(billing).getByTestId('release-live')).toHaveTextContent(STABLE);
    expect(within(billing).getByTestId('release-canary')).toHaveTextContent(`${CANARY} for 10% of visitors`);
    expect(within(billing).getByTestId('release-canary')).toHaveTextContent('stops itself after 50 visits if its error rate is more than 5% points');
    expect(within(billing).getByTestId('release-canary-steps')).toHaveTextContent(
      'Widens itself while healthy: 25% → 50% → 100%, each step after at least 50 visits and 15 minutes. At 100% it becomes the live version.',
    );
    const chart = within(billing).getByRole('img', { name: 'Error rate per version, last 24 hours' });
    // The ends of a 24-hour axis share a time of day; their labels must still tell them apart.
    const [start, end] = [...chart.querySelectorAll('text')].slice(-2).map((label) => label.textContent);
    expect(start).not.toBe(end);
    expect(within(billing).getByTestId('release-figures')).toHaveTextContent(/300\s*3\s*1%\s*1/);
    expect(within(billing).getByText('Published versions (2)')).toBeInTheDocument();
    const history = screen.getByTestId('release-history');
    expect(history).toHaveTextContent('Canary stopped by its guard');
    expect(within(history).getAllByRole('listitem')[0]).toHaveTextContent(`Canary widened by its guard billing ${CANARY} 10% → ${CANARY} 25%`);
    // Every action is said in words, npm start's own included, never as its code.
    expect(within(history).getAllByRole('listitem').at(-1)).toHaveTextContent('Local build served billing – → local');
    expect(history).toHaveTextContent('By canary guard. Reason: canary guard: error rate 80%');
    expect(within(history).getAllByTestId('release-history-figures')[1]).toHaveTextContent('error rate 80% against 1%');
  });

  it('asks for a reason and a confirmation before a change, and sends nothing until confirmed', async () => {
    releaseApi({ 'POST /api/release/actions': ok({ smoke: 'passed', output: 'billing: canary (none) -> ...' }) });
    const user = userEvent.setup();
    await renderPage();
    const billing = await screen.findByTestId('release-remote-billing');
    await user.selectOptions(within(billing).getByLabelText('Change'), 'canary-off');
    // Spaces are not a reason.
    await user.type(within(billing).getByLabelText('Reason (kept in the history)'), '   ');
    await user.click(within(billing).getByRole('button', { name: 'Review the change' }));
    expect(within(billing).getByRole('alert')).toHaveTextContent('Give a reason of at least 3 characters.');
    await user.clear(within(billing).getByLabelText('Reason (kept in the history)'));
    await user.type(within(billing).getByLabelText('Reason (kept in the history)'), 'trial over');
    await user.click(within(billing).getByRole('button', { name: 'Review the change' }));
    expect(within(billing).getByTestId('release-confirm')).toHaveTextContent(`Stop the canary of billing and give every visitor ${STABLE}?`);
    expect(posted()).toHaveLength(0);
    // The focus follows each step: into the confirmation, back to Review with the reason kept when Escape cancels it,
    // and onto the outcome once the change is made.
    expect(within(billing).getByTestId('release-confirm')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(within(billing).getByRole('button', { name: 'Review the change' })).toHaveFocus();
    expect(within(billing).getByLabelText('Reason (kept in the history)')).toHaveValue('trial over');
    await user.click(within(billing).getByRole('button', { name: 'Review the change' }));
    await user.click(within(billing).getByRole('button', { name: 'Yes, make the change' }));
    expect(await within(billing).findByTestId('release-outcome')).toHaveTextContent('The smoke check passed');
    expect(within(billing).getByTestId('release-outcome')).toHaveFocus();
    expect(posted()[0]!.body).toEqual({ remote: 'billing', action: 'canary-off', reason: 'trial over' });
  });

  it('says, before a rollback, that a canary of another version goes on for its share of visitors', async () => {
    releaseApi();
    const user = userEvent.setup();
    await renderPage();
    const billing = await screen.findByTestId('release-remote-billing');
    await user.selectOptions(within(billing).getByLabelText('Change'), 'rollback');
    await user.type(within(billing).getByLabelText('Reason (kept in the history)'), 'cards broke');
    await user.click(within(billing).getByRole('button', { name: 'Review the change' }));
    expect(within(billing).getByTestId('release-confirm')).toHaveTextContent(
      `Return billing to local? Its canary of ${CANARY} goes on for 10% of visitors; everyone else gets local.`,
    );
    expect(posted()).toHaveLength(0);
  });

  it('says there is nothing to change for a remote serving its local build with nothing published, instead of an empty form', async () => {
    const bare = { ...overview.remotes[0]!, name: 'generator' as const, live: 'local', canary: null, rollbackTo: null, published: [] };
    fakeApi.use({ 'GET /api/release/overview': ok({ ...overview, remotes: [bare] }), 'GET /api/release/metrics': ok(metrics) });
    await renderPage();
    const generator = await screen.findByTestId('release-remote-generator');
    expect(within(generator).getByTestId('release-nothing')).toHaveTextContent('Nothing to change yet');
    expect(within(generator).queryByRole('button', { name: 'Review the change' })).toBeNull();
  });

  it('marks a stop the guard could not make, saying that nothing changed and why, with the figures it saw', async () => {
    const failedStop: Overview = {
      ...overview,
      history: [
        {
          at: '2026-11-23T11:00:00.000Z',
          actor: 'canary guard',
          action: 'guard-stop-failed',
          remote: 'billing',
          reason: `canary guard: error rate 80%; not stopped: the smoke check of ${STABLE} failed (/pricing showed the fallback)`,
          from: CANARY,
          to: STABLE,
          figures: { canary: { version: CANARY, visits: 60, errorRate: 0.8, p75: 900 }, stable: { version: STABLE, visits: 300, errorRate: 0.01, p75: 700 } },
        },
      ],
    };
    releaseApi({ 'GET /api/release/overview': ok(failedStop) });
    await renderPage();
    const [entry] = within(await screen.findByTestId('release-history')).getAllByRole('listitem');
    expect(entry).toHaveTextContent('Guard could not stop the canary: the smoke check of the live version failed, so nothing changed');
    expect(entry).toHaveTextContent(`not stopped: the smoke check of ${STABLE} failed`);
    expect(within(entry!).getByTestId('release-history-figures')).toHaveTextContent('error rate 80% against 1%');
    // The canary is still shown as running: the pointer did not change.
    expect(within(screen.getByTestId('release-remote-billing')).getByTestId('release-canary')).toHaveTextContent(`${CANARY} for 10% of visitors`);
  });

  it('says when a change was made but its smoke check failed, and when a change was refused, with the command output', async () => {
    const undo = 'Smoke check FAILED: /pricing showed the fallback\nRoll back with: npm run release -- rollback billing --reason "..."';
    const refusal =
      'Refused: billing 2.0.0 is not compatible with the live shell:\n  - @reelmint/shared: the build requires ^2.0.0, but the live shell provides 1.0.0';
    const answers = [ok({ smoke: 'failed' as const, output: undo }), fail(409, 'INCOMPATIBLE', refusal)];
    releaseApi({ 'POST /api/release/actions': () => answers.shift()! });
    const user = userEvent.setup();
    await renderPage();
    const billing = await screen.findByTestId('release-remote-billing');
    const change = async (reason: string) => {
      await user.selectOptions(within(billing).getByLabelText('Change'), 'rollback');
      await user.clear(within(billing).getByLabelText('Reason (kept in the history)'));
      await user.type(within(billing).getByLabelText('Reason (kept in the history)'), reason);
      await user.click(within(billing).getByRole('button', { name: 'Review the change' }));
      await user.click(within(billing).getByRole('button', { name: 'Yes, make the change' }));
    };
    await change('cards broke');
    const failed = await within(billing).findByTestId('release-outcome');
    expect(failed).toHaveTextContent('The change was made, but its smoke check failed. The command output says how to undo it.');
    expect(failed).toHaveTextContent('Roll back with: npm run release -- rollback billing');

    await change('try again');
    expect(await within(billing).findByText('The change was refused and nothing changed. The command output says why.')).toBeInTheDocument();
    expect(within(billing).getByTestId('release-outcome')).toHaveTextContent('the build requires ^2.0.0, but the live shell provides 1.0.0');
  });

  it('starts a guarded canary with steps, and refuses steps that do not rise above its share', async () => {
    releaseApi({ 'POST /api/release/actions': ok({ smoke: 'passed', output: 'billing: canary ...' }) });
    const user = userEvent.setup();
    await renderPage();
    const billing = await screen.findByTestId('release-remote-billing');
    await user.selectOptions(within(billing).getByLabelText('Change'), 'canary');
    const steps = within(billing).getByLabelText('Widen step by step while healthy (shares in %, e.g. 25, 50, 100; empty: stay)');
    await user.type(steps, '5, 50');
    await user.type(within(billing).getByLabelText('Reason (kept in the history)'), 'step by step');
    await user.click(within(billing).getByRole('button', { name: 'Review the change' }));
    expect(within(billing).getByRole('alert')).toHaveTextContent('Steps must be shares that rise, the first above 10%');
    expect(within(billing).queryByTestId('release-confirm')).toBeNull();

    await user.clear(steps);
    await user.type(steps, '25, 50 100');
    await user.clear(within(billing).getByLabelText('Minimum minutes per step'));
    await user.type(within(billing).getByLabelText('Minimum minutes per step'), '30');
    await user.click(within(billing).getByRole('button', { name: 'Review the change' }));
    await user.click(within(billing).getByRole('button', { name: 'Yes, make the change' }));
    expect(await within(billing).findByTestId('release-outcome')).toHaveTextContent('The smoke check passed');
    expect(posted()[0]!.body).toMatchObject({
      action: 'canary',
      percent: 10,
      guard: { minVisits: 50, errorMargin: 5, p75Margin: 25, steps: [25, 50, 100], stepMinutes: 30 },
    });
  });
});
