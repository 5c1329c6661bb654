import { useId, useState } from 'react';
import { notify } from '@reelmint/shared';
import { useGeneratorText } from '../i18n.ts';
import { errorMessage } from './errors.ts';
import { videoApi } from './video-api.ts';
import type { ShareState, VideoRecord } from './video-api.ts';
import styles from './result-panel.module.css';

interface Props {
  video: VideoRecord;
  /** The video's share state changed (published or stopped). */
  onChange: (state: ShareState) => void;
}

/**
 * Sharing a finished video by link: publish, copy the link, see the views, stop sharing. No dialog: each step
 * is one button in place, and the outcome is announced.
 */
export function SharePanel({ video, onChange }: Props) {
  const { t } = useGeneratorText();
  const ids = { heading: useId(), link: useId() };
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<ShareState>, done: string) => {
    setBusy(true);
    try {
      onChange(await work());
      notify('success', done);
    } catch (error) {
      notify('error', t('share.failed', { message: errorMessage(t, error) }));
    } finally {
      setBusy(false);
    }
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      notify('success', t('share.copied'));
    } catch {
      // No clipboard (permission, insecure origin): select the link so it can be copied by hand.
      const field = document.getElementById(ids.link);
      if (field instanceof HTMLInputElement) {
        field.focus();
        field.select();
      }
      notify('error', t('share.copyFailed'));
    }
  };

  return (
    <section className={styles.share} aria-labelledby={ids.heading} data-testid="share-panel" data-shared={video.shared || undefined}>
      <h3 id={ids.heading} className={styles.shareHeading}>
        {t('share.title')}
      </h3>
      {video.shared && video.shareUrl ? (
        <>
          <p className={styles.shareNote}>
            {t('share.isShared')} <span data-testid="share-views">{t('share.views', { count: video.shareViews })}</span>
          </p>
          <label htmlFor={ids.link} className="rm-visually-hidden">
            {t('share.linkLabel')}
          </label>
          <input
            id={ids.link}
            className={styles.shareLink}
            readOnly
            value={video.shareUrl}
            onFocus={(event) => event.currentTarget.select()}
            data-testid="share-link"
          />
          <div className={styles.actions}>
            <button type="button" className={styles.primary} onClick={() => void copy(video.shareUrl!)}>
              {t('share.copy')}
            </button>
            <button
              type="button"
              className={styles.secondary}
              disabled={busy}
              aria-busy={busy}
              onClick={() => void run(() => videoApi.unshare(video.id), t('share.stopped'))}
              data-testid="unshare"
            >
              {t('share.stop')}
            </button>
          </div>
        </>
      ) : (
        <>
          <p className={styles.shareNote}>{t('share.private')}</p>
          <div className={styles.actions}>
            <button
              type="button"
              className={styles.primary}
              disabled={busy}
              aria-busy={busy}
              onClick={() => void run(() => videoApi.share(video.id), t('share.published'))}
              data-testid="share"
            >
              {t('share.publish')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
