import { useTranslation } from 'react-i18next';
import { ActionPanel } from './action-panel.tsx';
import { BUCKET_MINUTES, WINDOW_HOURS } from './dashboard-api.ts';
import type { HistoryEntry, Metrics, RemoteOverview } from './dashboard-api.ts';
import { isForbidden, useDashboard } from './dashboard-query.ts';
import type { Dashboard } from './dashboard-query.ts';
import { withShellQueries } from '../../server-state/shell-queries.tsx';
import { LineChart } from './line-chart.tsx';
import styles from './dashboard.module.css';

type State = { kind: 'loading' } | { kind: 'forbidden' } | { kind: 'error' } | ({ kind: 'ready' } & Dashboard);

const HISTORY_ACTIONS: Record<string, string> = {
  publish: 'publish',
  promote: 'promote',
  rollback: 'rollback',
  canary: 'canary',
  'canary-off': 'canaryOff',
  'guard-stop': 'guardStop',
  'guard-stop-failed': 'guardStopFailed',
  'guard-widen': 'guardWiden',
  'guard-promote': 'guardPromote',
  'guard-widen-failed': 'guardWidenFailed',
  // npm start serving an app's own build because nothing of it is published.
  'start-local': 'startLocal',
};

/** Changes the guard tried and could not make: shown in red. */
const FAILED_ACTIONS = new Set(['guard-stop-failed', 'guard-widen-failed']);

function useFormats() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
  const milliseconds = new Intl.NumberFormat(language, { style: 'unit', unit: 'millisecond', maximumFractionDigits: 0 });
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' });
  // The axis spans 24 hours, so its ends share a time of day: the weekday tells yesterday's end from today's.
  const hour = new Intl.DateTimeFormat(language, { weekday: 'short', hour: '2-digit', minute: '2-digit' });
  return {
    percent: (value: number | null | undefined) => (value === null || value === undefined ? '–' : percent.format(value)),
    ms: (value: number | null | undefined) => (value === null || value === undefined ? '–' : milliseconds.format(value)),
    when: (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : '–'),
    hour: (time: number) => hour.format(new Date(time)),
  };
}

/** /release: the release dashboard, for accounts with the release-manager role (the API answers 403 to others). */
function ReleaseDashboardPage() {
  const { t } = useTranslation();
  const dashboard = useDashboard();
  // A refusal says what is missing even over figures shown before; any other failure keeps them on screen.
  const state: State = isForbidden(dashboard.error)
    ? { kind: 'forbidden' }
    : dashboard.data
      ? { kind: 'ready', ...dashboard.data }
      : dashboard.isError
        ? { kind: 'error' }
        : { kind: 'loading' };
  const load = () => void dashboard.refetch();

  return (
    <main className={styles.page} data-testid="release-dashboard">
      <h1 className={styles.title}>{t('dashboard.title')}</h1>
      <p className={styles.lead}>{t('dashboard.lead')}</p>
      {state.kind === 'loading' && (
        <p role="status" className={styles.muted}>
          {t('dashboard.loading')}
        </p>
      )}
      {state.kind === 'forbidden' && (
        <section className={styles.notice} role="alert" data-testid="release-forbidden">
          <h2>{t('dashboard.forbiddenTitle')}</h2>
          <p>{t('dashboard.forbiddenBody')}</p>
        </section>
      )}
      {state.kind === 'error' && (
        <section className={styles.notice} role="alert">
          <p>{t('dashboard.loadError')}</p>
          <button type="button" className={styles.secondary} onClick={load}>
            {t('dashboard.retry')}
          </button>
        </section>
      )}
      {state.kind === 'ready' && (
        <>
          {state.overview.remotes.map((remote) => (
            <RemoteSection key={remote.name} remote={remote} metrics={state.metrics[remote.name]} onChanged={load} />
          ))}
          <HistorySection history={state.overview.history} />
        </>
      )}
    </main>
  );
}

function RemoteSection({ remote, metrics, onChanged }: { remote: RemoteOverview; metrics: Metrics | undefined; onChanged: () => void }) {
  const { t } = useTranslation();
  const format = useFormats();
  const headingId = `release-${remote.name}`;
  const to = Date.now();
  const from = to - WINDOW_HOURS * 60 * 60_000;
  const versions = metrics?.versions ?? [];
  const series = (pick: 'errorRate' | 'p75') =>
    versions.map((version) => ({
      label: version.version,
      points: version.buckets.map((bucket) => ({ x: Date.parse(bucket.start) + (BUCKET_MINUTES * 60_000) / 2, y: bucket[pick] })),
    }));

  return (
    <section className={styles.remote} aria-labelledby={headingId} data-testid={`release-remote-${remote.name}`}>
      <h2 id={headingId} className={styles.remoteName}>
        <code>{remote.name}</code>
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>{t('dashboard.live')}</dt>
          <dd data-testid="release-live">
            <code>{remote.live ?? t('dashboard.notInPointer')}</code>
          </dd>
        </div>
        <div>
          <dt>{t('dashboard.canary')}</dt>
          <dd data-testid="release-canary">
            {remote.canary ? (
              <>
                {t('dashboard.canaryShare', { version: remote.canary.version, percent: remote.canary.percent })}
                <br />
                <span className={styles.muted}>
                  {remote.canary.guard
                    ? t('dashboard.guarded', {
                        visits: remote.canary.guard.minVisits,
                        errors: format.percent(remote.canary.guard.errorMargin),
                        p75: format.percent(remote.canary.guard.p75Margin),
                      })
                    : t('dashboard.unguarded')}
                </span>
                {remote.canary.guard?.steps && (
                  <>
                    <br />
                    <span className={styles.muted} data-testid="release-canary-steps">
                      {t('dashboard.guardSteps', {
                        steps: remote.canary.guard.steps.map((step) => format.percent(step / 100)).join(' → '),
                        visits: remote.canary.guard.minVisits,
                        minutes: remote.canary.guard.stepMinutes ?? 0,
                      })}
                      {remote.canary.guard.steps.at(-1) === 100 && ` ${t('dashboard.guardStepsPromote')}`}
                    </span>
                  </>
                )}
              </>
            ) : (
              t('dashboard.noCanary')
            )}
          </dd>
        </div>
        <div>
          <dt>{t('dashboard.rollbackTo')}</dt>
          <dd>
            <code>{remote.rollbackTo ?? '–'}</code>
          </dd>
        </div>
      </dl>

      {versions.length === 0 ? (
        <p className={styles.muted}>{t('dashboard.noFigures')}</p>
      ) : (
        <>
          <div className={styles.charts}>
            <LineChart
              title={t('dashboard.chartErrorRate', { hours: WINDOW_HOURS })}
              series={series('errorRate')}
              format={format.percent}
              formatX={format.hour}
              from={from}
              to={to}
            />
            <LineChart
              title={t('dashboard.chartP75', { hours: WINDOW_HOURS })}
              series={series('p75')}
              format={format.ms}
              formatX={format.hour}
              from={from}
              to={to}
            />
          </div>
          <div className={styles.tableWrap} data-testid="release-figures-table">
            <table className={styles.table}>
              <caption className={styles.caption}>{t('dashboard.totals', { hours: WINDOW_HOURS })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('dashboard.col.version')}</th>
                  <th scope="col">{t('dashboard.col.visits')}</th>
                  <th scope="col">{t('dashboard.col.errors')}</th>
                  <th scope="col">{t('dashboard.col.errorRate')}</th>
                  <th scope="col">{t('dashboard.col.fallbacks')}</th>
                  <th scope="col">{t('dashboard.col.load')}</th>
                </tr>
              </thead>
              <tbody>
                {versions.map((version) => (
                  <tr key={version.version} data-testid="release-figures">
                    <th scope="row">
                      <code>{version.version}</code> {version.canary && <span className={styles.badge}>{t('dashboard.canary')}</span>}
                    </th>
                    <td>{version.total.visits}</td>
                    <td>{version.total.errors}</td>
                    <td>{format.percent(version.total.errorRate)}</td>
                    <td>{version.total.fallbacks}</td>
                    <td>{[version.total.p50, version.total.p75, version.total.p95].map(format.ms).join(' / ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}

      <details className={styles.published}>
        <summary>{t('dashboard.published', { number: remote.published.length })}</summary>
        {remote.published.length === 0 ? (
          <p className={styles.muted}>{t('dashboard.noPublished')}</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('dashboard.col.version')}</th>
                  <th scope="col">{t('dashboard.col.publishedAt')}</th>
                  <th scope="col">{t('dashboard.col.by')}</th>
                  <th scope="col">{t('dashboard.col.commit')}</th>
                  <th scope="col">{t('dashboard.col.builtAt')}</th>
                  <th scope="col">{t('dashboard.col.contract')}</th>
                  <th scope="col">{t('dashboard.col.why')}</th>
                </tr>
              </thead>
              <tbody>
                {remote.published.map((release) => (
                  <tr key={release.version}>
                    <th scope="row">
                      <code>{release.version}</code>
                    </th>
                    <td>{format.when(release.publishedAt)}</td>
                    <td>{release.publishedBy ?? '–'}</td>
                    <td>
                      <code>{release.commit ?? '–'}</code> {release.dirty && <span className={styles.badge}>{t('dashboard.dirty')}</span>}
                    </td>
                    <td>{format.when(release.builtAt)}</td>
                    <td>
                      <code>{release.sharedContract ?? '–'}</code>
                    </td>
                    <td>{release.reason ?? '–'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </details>

      <ActionPanel remote={remote} onChanged={onChanged} />
    </section>
  );
}

function HistorySection({ history }: { history: HistoryEntry[] }) {
  const { t } = useTranslation();
  const format = useFormats();
  return (
    <section className={styles.remote} aria-labelledby="release-history">
      <h2 id="release-history" className={styles.remoteName}>
        {t('dashboard.history')}
      </h2>
      {history.length === 0 ? (
        <p className={styles.muted}>{t('dashboard.noHistory')}</p>
      ) : (
        <ol className={styles.history} data-testid="release-history">
          {history.map((entry, index) => (
            <li key={`${entry.at}-${index}`} className={FAILED_ACTIONS.has(entry.action) ? styles.historyFailed : undefined}>
              <p className={styles.historyHead}>
                <time dateTime={entry.at}>{format.when(entry.at)}</time> ·{' '}
                <strong>{HISTORY_ACTIONS[entry.action] ? t(`dashboard.actions.${HISTORY_ACTIONS[entry.action]}`) : entry.action}</strong>{' '}
                {entry.remote && <code>{entry.remote}</code>} {entry.from || entry.to ? <code>{`${entry.from ?? '–'} → ${entry.to ?? '–'}`}</code> : null}
              </p>
              <p className={styles.muted}>{t('dashboard.byWhy', { who: entry.actor, why: entry.reason ?? '–' })}</p>
              {entry.figures?.canary && (
                <p className={styles.muted} data-testid="release-history-figures">
                  {t('dashboard.figuresSeen', {
                    canaryRate: format.percent(entry.figures.canary.errorRate),
                    stableRate: format.percent(entry.figures.stable?.errorRate ?? 0),
                    canaryP75: format.ms(entry.figures.canary.p75),
                    stableP75: format.ms(entry.figures.stable?.p75),
                    visits: entry.figures.canary.visits ?? 0,
                  })}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export default withShellQueries(ReleaseDashboardPage);
