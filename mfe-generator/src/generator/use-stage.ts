import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, notify, useAuth } from '@reelmint/shared';
import { useGeneratorText } from '../i18n.ts';
import { generatorKeys } from '../server-state/generator-queries.tsx';
import { errorMessage } from './errors.ts';
import type { useGeneration } from './use-generation.ts';
import { videoApi } from './video-api.ts';
import type { EditRequest, ShareState, VideoRecord } from './video-api.ts';

interface Options {
  generation: ReturnType<typeof useGeneration>;
  reloadHistory: () => void;
}

/**
 * What the result panel shows: the job being made, or a finished video put there from the history, an edit's
 * source, or a new edit. The stage belongs to the job being made; nothing else is put there meanwhile.
 */
export function useStage({ generation, reloadHistory }: Options) {
  const { t } = useGeneratorText();
  const queryClient = useQueryClient();
  const session = useAuth((s) => s.token);
  const job = generation.state;
  const busy = job.phase === 'submitting' || job.phase === 'running';

  // Counts the times something new was put on the stage; the result panel brings itself into view once it is drawn
  // with it (see ResultPanel's `reveal`).
  const [reveal, setReveal] = useState(0);
  const bringIntoView = () => setReveal((count) => count + 1);

  const play = (video: VideoRecord) => {
    // The history's Play is disabled meanwhile.
    if (busy) return;
    generation.show(video);
    bringIntoView();
  };

  /** Puts the video an edit was made from on the stage; it may have been deleted since, so it is read afresh each time. */
  const showSource = async (id: string) => {
    if (busy) return;
    try {
      const source = await queryClient.fetchQuery({
        queryKey: generatorKeys.video(session, id),
        queryFn: ({ signal }) => videoApi.status(id, signal),
        // Asked each time and not kept: a video deleted since must not come back from the cache.
        staleTime: 0,
        gcTime: 0,
      });
      play(source);
    } catch (error) {
      notify('error', error instanceof ApiError && error.status === 404 ? t('edit.sourceGone') : errorMessage(t, error));
    }
  };

  const edit = async (body: EditRequest) => {
    const started = await generation.startEdit(body);
    if (started) {
      reloadHistory();
      bringIntoView();
    }
    return started;
  };

  /** A video published or made private: the stage and the history show its new state. */
  const shareChanged = (share: ShareState) => {
    if (job.video?.id === share.id) generation.show({ ...job.video, ...share });
    reloadHistory();
  };

  /** A video deleted: off the stage if it was there. */
  const deleted = (video: VideoRecord) => {
    if (job.video?.id === video.id) generation.show(null);
  };

  return { job, busy, reveal, play, showSource, edit, shareChanged, deleted, bringIntoView };
}
