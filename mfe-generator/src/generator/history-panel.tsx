import { useId } from 'react';
import { dateFormat } from '@reelmint/shared';
import { useGeneratorText } from '../i18n.ts';
import { EditedFrom } from './edited-from.tsx';
import { failureReason } from './failure-reason.ts';
import { HistoryUnavailable } from './history-unavailable.tsx';
import type { HistoryFilter } from '../server-state/generator-queries.tsx';
import type { HistoryState } from './use-history.ts';
import { historyPages } from './use-history.ts';
import { QueuePart } from './queue-parts.tsx';
import type { VideoRecord } from './video-api.ts';
import styles from './history-panel.module.css';

const FILTERS: readonly HistoryFilter[] = ['all', 'text-to-video', 'image-to-video', 'template', 'edit'];

interface Props {
  /** The heading's id, so the page can move focus here (after a delete removes the focused item). */
  headingId: string;
  state: HistoryState;
  filter: HistoryFilter;
  page: number;
  downloadingId: string | null;
  onFilter: (filter: HistoryFilter) => void;
  onPage: (page: number) => void;
  onRetry: () => void;
  onPlay: (video: VideoRecord) => void;
  onDownload: (video: VideoRecord) => void;
  onDelete: (video: VideoRecord) => void;
  onShowSource: (id: string) => void;
  /** A job cancelled from here: the list is read again. */
  onCancelled: () => void;
}

/**
 * The videos of a page in order, the variations of one run gathered together. A group is only the part of its run on
 * this page: the run may go on to the next page, and a deleted variation is gone from it.
 */
function groupRuns(items: VideoRecord[]): VideoRecord[][] {
  const groups: VideoRecord[][] = [];
  for (const video of items) {
    const last = groups.at(-1);
    if (video.runId && last?.[0]?.runId === video.runId) last.push(video);
    else groups.push([video]);
  }
  return groups;
}

/** The person's past videos with status, poster, prompt, settings and date; newest first, a run's variations together. */
export function HistoryPanel({
  headingId,
  state,
  filter,
  page,
  downloadingId,
  onFilter,
  onPage,
  onRetry,
  onPlay,
  onDownload,
  onDelete,
  onShowSource,
  onCancelled,
}: Props) {
  const { t, i18n } = useGeneratorText();
  const filterId = useId();
  const dates = dateFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' });
  const shown = state.status === 'ready' ? state.page : state.status === 'loading' ? state.previous : state.status === 'unavailable' ? state.kept : null;
  const pages = shown ? historyPages(shown.total) : 1;
  const playable = (video: VideoRecord) => video.status === 'succeeded' && !!video.videoUrl;
  const item = (video: VideoRecord, group: VideoRecord[]) => (
    <li key={video.id} className={styles.item} data-testid="history-item" data-status={video.status}>
      <div className={styles.poster}>
        {video.posterUrl ? <img src={video.posterUrl} alt="" loading="lazy" /> : <span className={styles.posterBlank} aria-hidden="true" />}
        <span className={styles.badge} data-status={video.status}>
          {video.status === 'cancelled' ? t('jobQueue.cancelledBadge') : t(`history.status.${video.status}`)}
        </span>
        {video.engine === 'local' && video.status === 'succeeded' && (
          <span className={styles.previewBadge} data-testid="history-preview-badge">
            {t('engine.localBadge')}
          </span>
        )}
      </div>
      <div className={styles.body}>
        <p className={styles.prompt}>{video.prompt ?? t('history.noPrompt')}</p>
        <p className={styles.meta}>
          <span>{t(`history.types.${video.type}`)}</span>
          <span>{[video.model, video.resolution, video.duration, video.aspectRatio].join(' · ')}</span>
          {video.seed !== null && <span>{t('advanced.resultSeed', { seed: video.seed })}</span>}
          <span>{t('history.cost', { count: video.cost })}</span>
          {video.refunded && <span>{t('history.refunded')}</span>}
          {video.shared && (
            <span className={styles.shared} data-testid="history-shared">{`${t('share.sharedBadge')} · ${t('share.views', { count: video.shareViews })}`}</span>
          )}
        </p>
        {video.edit && <EditedFrom video={video} onShowSource={onShowSource} />}
        {/* A video's number in its run is its own, kept by the server: deleting or paging does not renumber it. The
            history does not say how many videos the run made, so no total is given. A lone first variation is
            not labelled, as it cannot be told from a run of one video. */}
        {video.variation !== null && (group.length > 1 || video.variation > 1) && (
          <p className={styles.meta} data-testid="history-variation">
            {t('jobQueue.variation', { n: video.variation })}
          </p>
        )}
        <p className={styles.date}>
          <time dateTime={video.createdAt}>{dates.format(new Date(video.createdAt))}</time>
        </p>
        {video.status === 'failed' && <p className={styles.error}>{failureReason(t, video)}</p>}
        {(video.status === 'queued' || video.status === 'processing') && (
          <QueuePart>{(parts) => <parts.HistoryQueue video={video} prompt={video.prompt ?? t('history.noPrompt')} onCancelled={onCancelled} />}</QueuePart>
        )}
        <div className={styles.actions}>
          {playable(video) && (
            <>
              <button
                type="button"
                className={styles.button}
                onClick={() => onPlay(video)}
                aria-label={t('history.playLabel', { prompt: video.prompt ?? t('history.noPrompt') })}
              >
                {t('history.play')}
              </button>
              <button
                type="button"
                className={styles.button}
                onClick={() => onDownload(video)}
                disabled={downloadingId === video.id}
                aria-label={t('history.downloadLabel', { prompt: video.prompt ?? t('history.noPrompt') })}
              >
                {t('result.download')}
              </button>
            </>
          )}
          <button
            type="button"
            className={styles.danger}
            onClick={() => onDelete(video)}
            aria-label={t('history.deleteLabel', { prompt: video.prompt ?? t('history.noPrompt') })}
          >
            {t('result.delete')}
          </button>
        </div>
      </div>
    </li>
  );

  return (
    <section className={styles.panel} aria-labelledby={headingId} aria-busy={state.status === 'loading'} data-testid="history">
      <div className={styles.top}>
        <h2 id={headingId} className={styles.heading} tabIndex={-1}>
          {t('history.title')}
        </h2>
        <div className={styles.filter}>
          <label htmlFor={filterId}>{t('history.filter')}</label>
          <select id={filterId} value={filter} onChange={(event) => onFilter(event.target.value as HistoryFilter)}>
            {FILTERS.map((f) => (
              <option key={f} value={f}>
                {t(`history.filters.${f}`)}
              </option>
            ))}
          </select>
        </div>
      </div>

      {state.status === 'unavailable' && <HistoryUnavailable error={state.error} kept={state.kept !== null} onRetry={onRetry} />}
      {state.status === 'loading' && !shown && (
        <p className={styles.message} role="status">
          {t('history.loading')}
        </p>
      )}
      {shown && shown.items.length === 0 && state.status === 'ready' && (
        <div className={styles.message} data-testid="history-empty">
          <p>{filter === 'all' ? t('history.empty') : t('history.emptyFiltered')}</p>
        </div>
      )}

      {shown && shown.items.length > 0 && (
        <ul className={styles.list}>
          {groupRuns(shown.items).map((group) =>
            group.length === 1 ? (
              item(group[0]!, group)
            ) : (
              <li key={group[0]!.runId} className={styles.run} data-testid="history-run">
                <p className={styles.runLabel}>{t('jobQueue.runLabel', { total: group.length })}</p>
                <ul className={styles.runList}>{group.map((video) => item(video, group))}</ul>
              </li>
            ),
          )}
        </ul>
      )}

      {shown && pages > 1 && state.status !== 'unavailable' && (
        <nav className={styles.pager} aria-label={t('history.pagination')}>
          <button type="button" className={styles.button} disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {t('history.previous')}
          </button>
          <span aria-live="polite">{t('history.page', { page, pages })}</span>
          <button type="button" className={styles.button} disabled={page >= pages} onClick={() => onPage(page + 1)}>
            {t('history.next')}
          </button>
        </nav>
      )}
    </section>
  );
}
