import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, notify, useAuth } from '@reelmint/shared';
import { useGeneratorText } from '../i18n.ts';
import { generatorKeys } from '../server-state/generator-queries.tsx';
import { errorMessage } from './errors.ts';
import type { RunCancel, useGeneration } from './use-generation.ts';
import { videoApi } from './video-api.ts';
import type { EditRequest, ShareState, VideoRecord } from './video-api.ts';

interface Options {
  generation: ReturnType<typeof useGeneration>;
  reloadHistory: () => void;
}

/**
 * What the result panel shows: the job being made, or a finished video put there from the history, an edit's
 * source, or a new edit. A past video played while a job is being made is watched meanwhile (`viewing`), the job kept
 * in one line above it, until the person goes back to the job or starts another.
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

  const [viewing, setViewing] = useState<VideoRecord | null>(null);

  const play = (video: VideoRecord) => {
    if (busy) {
      setViewing(video);
    } else {
      setViewing(null);
      generation.show(video);
    }
    bringIntoView();
  };

  /** The job back on the stage, in place of the video watched meanwhile. */
  const backToJob = () => {
    setViewing(null);
    bringIntoView();
  };

  /** A job was started (a generation here, or an edit below): its progress takes the stage. */
  const jobStarted = () => {
    setViewing(null);
    reloadHistory();
    bringIntoView();
  };

  /** Puts the video an edit was made from on the stage; it may have been deleted since, so it is read afresh each time. */
  const showSource = async (id: string) => {
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
    if (started) jobStarted();
    return started;
  };

  /** A video published or made private: the stage and the history show its new state. */
  const shareChanged = (share: ShareState) => {
    if (viewing?.id === share.id) setViewing({ ...viewing, ...share });
    if (job.video?.id === share.id) generation.show({ ...job.video, ...share });
    reloadHistory();
  };

  /** The stage's Cancel stopped the run's videos: the stage says what happened to them, the history reads them again. */
  const runCancelled = (outcome: RunCancel) => {
    generation.runCancelled(outcome);
    reloadHistory();
  };

  /** A video deleted: off the stage if it was there. */
  const deleted = (video: VideoRecord) => {
    if (viewing?.id === video.id) setViewing(null);
    if (job.video?.id === video.id) generation.show(null);
  };

  return {
    job,
    /** The other videos of the job's run still being made. */
    othersInProgress: generation.othersInProgress,
    busy,
    viewing,
    reveal,
    play,
    backToJob,
    jobStarted,
    showSource,
    edit,
    shareChanged,
    runCancelled,
    deleted,
  };
}
