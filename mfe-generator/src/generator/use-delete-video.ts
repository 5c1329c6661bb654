import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
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
  const removal = useMutation({
    /** Resolves false when the video was already gone, which is what the person wanted. */
    mutationFn: async (video: VideoRecord) => {
      try {
        await videoApi.remove(video.id);
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return false;
        throw error;
      }
    },
    onSuccess: (removed, video) => {
      if (removed) notify('success', t('delete.done'));
      onDeleted(video);
      if (video.status === 'queued' || video.status === 'processing') void loadCredits({ force: true });
      setPending(null);
    },
    // Anything else keeps the video and says why.
    onError: (error) => {
      notify('error', t('delete.failed', { message: errorMessage(t, error) }));
      setPending(null);
    },
  });
  const deleting = removal.isPending;

  const ask = (video: VideoRecord, from: DeleteOrigin) => setPending({ video, from });

  const confirm = () => {
    if (pending && !deleting) removal.mutate(pending.video);
  };

  const cancel = () => !deleting && setPending(null);

  return { pending, deleting, ask, confirm, cancel };
}
