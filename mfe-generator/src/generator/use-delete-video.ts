import { useState } from 'react';
import { ApiError, loadCredits, notify } from '@reelmint/shared';
import { useGeneratorText } from '../i18n.ts';
import { errorMessage } from './errors.ts';
import { videoApi } from './video-api.ts';
import type { VideoRecord } from './video-api.ts';

/** Which panel asked for a delete: focus returns there once the video is gone. */
export type DeleteOrigin = 'result' | 'history';

/**
 * Deleting a video after a confirmation: `ask` opens it, `confirm` deletes (a video already gone counts as
 * deleted; an unfinished one was refunded, so the balance is read again), `cancel` closes it unless the delete
 * is under way.
 */
export function useDeleteVideo(onDeleted: (video: VideoRecord) => void) {
  const { t } = useGeneratorText();
  const [pending, setPending] = useState<{ video: VideoRecord; from: DeleteOrigin } | null>(null);
  const [deleting, setDeleting] = useState(false);

  const ask = (video: VideoRecord, from: DeleteOrigin) => setPending({ video, from });

  const confirm = async () => {
    const video = pending?.video;
    if (!video) return;
    setDeleting(true);
    try {
      await videoApi.remove(video.id);
      notify('success', t('delete.done'));
    } catch (error) {
      // Already gone is what the person wanted; anything else keeps the video and says why.
      if (!(error instanceof ApiError && error.status === 404)) {
        notify('error', t('delete.failed', { message: errorMessage(t, error) }));
        setDeleting(false);
        setPending(null);
        return;
      }
    }
    onDeleted(video);
    if (video.status === 'queued' || video.status === 'processing') void loadCredits({ force: true });
    setDeleting(false);
    setPending(null);
  };

  const cancel = () => !deleting && setPending(null);

  return { pending, deleting, ask, confirm, cancel };
}
