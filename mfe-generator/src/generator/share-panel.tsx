import { useEffect, useId, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
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
  // The pressed button is replaced by the other state's controls: the focus goes to what replaced it, the link (selected,
  // ready to copy) once published, Publish once sharing stopped, instead of falling back to the page.
  const link = useRef<HTMLInputElement>(null);
  const publishButton = useRef<HTMLButtonElement>(null);
  const focusAfter = useRef<'link' | 'publish' | null>(null);
  const shown = video.shared && video.shareUrl ? 'link' : 'publish';
  useEffect(() => {
    if (focusAfter.current !== shown) return;
    focusAfter.current = null;
    (shown === 'link' ? link.current : publishButton.current)?.focus();
  }, [shown]);
  // Publishing (true) or stopping (false) is one change; its outcome is announced, and the stage and history follow it.
  const change = useMutation({
    mutationFn: (publish: boolean) => (publish ? videoApi.share(video.id) : videoApi.unshare(video.id)),
    onSuccess: (state, publish) => {
      focusAfter.current = publish ? 'link' : 'publish';
      onChange(state);
      notify('success', publish ? t('share.published') : t('share.stopped'));
    },
    onError: (error) => notify('error', t('share.failed', { message: errorMessage(t, error) })),
  });
  const busy = change.isPending;

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
            ref={link}
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
            <button type="button" className={styles.secondary} disabled={busy} aria-busy={busy} onClick={() => change.mutate(false)} data-testid="unshare">
              {t('share.stop')}
            </button>
          </div>
        </>
      ) : (
        <>
          <p className={styles.shareNote}>{t('share.private')}</p>
          <div className={styles.actions}>
            <button
              ref={publishButton}
              type="button"
              className={styles.primary}
              disabled={busy}
              aria-busy={busy}
              onClick={() => change.mutate(true)}
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
