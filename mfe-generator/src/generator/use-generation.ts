import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, bus, loadCredits, setCreditBalance } from '@reelmint/shared';
import { generatorKeys } from '../server-state/generator-queries.tsx';
import { loadActiveJob, loadActiveRun, saveActiveJob } from './draft.ts';
import { isAbort } from './errors.ts';
import { isFinished, videoApi } from './video-api.ts';
import type { EditReply, EditRequest, GenerateReply, GenerateRequest, VideoRecord } from './video-api.ts';

/** How often a job in progress is asked for; the API saves progress every 250 ms. */
export const POLL_INTERVAL_MS = 1000;
/** The longest wait between status checks while they fail to reach the server. */
const MAX_POLL_BACKOFF_MS = 10_000;
/**
 * How often the other videos of a run are asked for: only whether they are still being made is shown (the history
 * beside the stage polls them too), so not every second.
 */
const OTHERS_POLL_INTERVAL_MS = 3000;

export type GenerationPhase = 'idle' | 'submitting' | 'running' | 'succeeded' | 'failed';

/** What the stage's Cancel did to the videos of a run still being made (one cancel call each). */
export interface RunCancel {
  /** Videos stopped, and the credits they brought back in all. */
  cancelled: number;
  refunded: number;
  /** Videos that had already finished when their cancel arrived (the API's ALREADY_FINISHED): they are kept. */
  finished: number;
  /** Videos whose cancel failed otherwise: they may still be rendering. `reason` explains the first such failure. */
  failed: number;
  reason: string | null;
}

export interface GenerationState {
  phase: GenerationPhase;
  jobId: string | null;
  video: VideoRecord | null;
  /** True when the job was picked up again after leaving the page. */
  resumed: boolean;
  /** True while status checks fail to reach the server (the job itself goes on). */
  connectionLost: boolean;
  /** True when the job being followed stopped being readable (deleted, or a stored id the server refuses). */
  lost: boolean;
  /** True when the stage shows a video picked from the history, not the job just followed. */
  picked: boolean;
  /** The other videos of the followed job's run (its variations), in the run's order; empty for a single video. */
  others: string[];
  /** Set once the stage's Cancel stopped the run's videos: what happened to each, for the stage to say. */
  cancelled: RunCancel | null;
}

/**
 * A 4xx answer to a status check is final: asking again cannot change it. 429 is the exception,
 * a "not now" that the backoff already respects.
 */
function endsTheJob(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;
}

function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Nothing on the stage from a run: no other videos followed, no cancel to report. */
const NO_RUN = { others: [], cancelled: null } satisfies Pick<GenerationState, 'others' | 'cancelled'>;

function initialState(): GenerationState {
  const jobId = loadActiveJob();
  // The run is kept with the job, so after a reload the stage still knows its other videos are being made.
  const others = jobId ? loadActiveRun(jobId).filter((id) => id !== jobId) : [];
  return {
    phase: jobId ? 'running' : 'idle',
    jobId,
    video: null,
    resumed: !!jobId,
    connectionLost: false,
    lost: false,
    picked: false,
    others,
    cancelled: null,
  };
}

/** A job to start: the request as text (what makes two requests the same), its idempotency key, and how to send it. */
interface JobStart {
  body: string;
  key: string;
  send: (key: string) => Promise<GenerateReply | EditReply>;
  /** An edit keeps its video on the stage until the server takes the job. */
  keepStage: boolean;
}

/** The wait before the next status check after `failures` checks in a row could not reach the server. */
function backoff(failures: number): number {
  return Math.min(POLL_INTERVAL_MS * 2 ** (failures + 1), MAX_POLL_BACKOFF_MS);
}

/**
 * One generation at a time: submit once (a second call while one is starting is ignored), keep the
 * job id so it resumes after leaving the page, and poll its status until it succeeds or fails.
 */
export function useGeneration(onFinished: (video: VideoRecord) => void) {
  const [state, setState] = useState<GenerationState>(initialState);
  const queryClient = useQueryClient();
  // Starting a job. What the server answers is kept even when the studio has been left meanwhile: the job's id (so it
  // resumes on return) and the balance the job left.
  const starting = useMutation<GenerateReply | EditReply, unknown, JobStart>({
    mutationKey: generatorKeys.jobStart,
    mutationFn: ({ key, send }) => send(key),
    onSuccess: (reply) => {
      setCreditBalance(reply.newBalance);
      // A generation of several variations is one job per video: the stage follows the first and keeps the others.
      const run = 'videoIds' in reply && reply.videoIds.includes(reply.id) ? reply.videoIds : [reply.id];
      saveActiveJob(reply.id, run);
      bus.emit('video:queued', { id: reply.id });
      setState({
        phase: 'running',
        jobId: reply.id,
        video: null,
        resumed: false,
        connectionLost: false,
        lost: false,
        picked: false,
        others: run.filter((id) => id !== reply.id),
        cancelled: null,
      });
    },
  });
  const finished = useEffectEvent((video: VideoRecord) => onFinished(video));

  const { jobId } = state;
  // The job's status, asked every second until it is finished. A check that cannot reach the server is tried again
  // later and later (the job itself goes on); a 4xx answer is final: asking again could not change it.
  const status = useQuery({
    queryKey: generatorKeys.job(jobId),
    queryFn: ({ signal }) => videoApi.status(jobId!, signal),
    enabled: jobId !== null,
    refetchInterval: (query) => ((query.state.data && isFinished(query.state.data)) || query.state.status === 'error' ? false : POLL_INTERVAL_MS),
    // A job started and left in another tab is still followed: the person comes back to it.
    refetchIntervalInBackground: true,
    retry: (_, error) => !endsTheJob(error) && !isAbort(error),
    retryDelay: backoff,
    // A job's status is wanted only while it is followed.
    gcTime: 0,
  });

  // The run's other videos, each its own job: whether they are still being made, so the stage can say so and its
  // Cancel can stop them too. Asked until each is finished; one that can no longer be read is no longer counted.
  const othersRead = useQueries({
    queries: state.others.map((id) =>
      queryOptions({
        queryKey: generatorKeys.job(id),
        queryFn: ({ signal }) => videoApi.status(id, signal),
        refetchInterval: (query) => ((query.state.data && isFinished(query.state.data)) || query.state.status === 'error' ? false : OTHERS_POLL_INTERVAL_MS),
        refetchIntervalInBackground: true,
        retry: (_, error) => !endsTheJob(error) && !isAbort(error),
        retryDelay: backoff,
        gcTime: 0,
      }),
    ),
  });
  /** The run's other videos still queued or rendering (or not read yet), in the run's order. */
  const othersInProgress = state.others.filter((_, index) => {
    const read = othersRead[index];
    if (!read) return false;
    if (read.data) return !isFinished(read.data);
    return !endsTheJob(read.error);
  });
  /** After the run's Cancel, a video of the run that was ready before its cancel arrived, to show instead of a cancelled one. */
  const keptAfterCancel =
    state.cancelled && state.jobId === null && state.video?.status === 'cancelled'
      ? othersRead.find((read) => read.data?.status === 'succeeded')?.data
      : undefined;
  useEffect(() => {
    if (keptAfterCancel) setState((s) => ({ ...s, phase: 'succeeded', video: keptAfterCancel }));
  }, [keptAfterCancel]);

  const report = status.data;
  useEffect(() => {
    if (!report || !isFinished(report)) return;
    saveActiveJob(null);
    // A failed or cancelled job was refunded by the server: read the balance it left.
    if (report.status !== 'succeeded') void loadCredits({ force: true });
    setState((s) => ({ ...s, phase: report.status === 'succeeded' ? 'succeeded' : 'failed', jobId: null, video: report }));
    finished(report);
  }, [report]);

  const refusal = status.error;
  useEffect(() => {
    if (!endsTheJob(refusal)) return;
    // Deleted elsewhere, a stored id the server refuses, or the session ended: asking again
    // would fail the same way forever and keep Generate locked. A 401 is explained by sign-in.
    saveActiveJob(null);
    setState((s) => ({ ...s, phase: 'idle', jobId: null, video: null, lost: refusal.status !== 401 }));
  }, [refusal]);

  /** A generation being sent puts its progress on the stage at once; an edit's waits for the server to take it. */
  const sending = starting.isPending && !starting.variables.keepStage;
  /** While a job is followed, the stage shows its latest status, and whether the last checks failed to arrive. */
  const followedPhase: GenerationPhase = !report || !isFinished(report) ? 'running' : report.status === 'succeeded' ? 'succeeded' : 'failed';
  const shown: GenerationState = sending
    ? { ...state, phase: 'submitting' }
    : jobId !== null
      ? { ...state, phase: followedPhase, video: report ?? null, connectionLost: status.failureCount > 0 }
      : state;

  /**
   * Starts a job (a generation, or an edit: both are followed the same way). Rejects with the
   * ApiError for the caller to explain; resolves false if one is already starting. An edit keeps its video on the
   * stage until the server takes the job: a refusal is explained beside the form it came from.
   */
  const submit = async (body: string, send: JobStart['send'], keepStage: boolean): Promise<boolean> => {
    // Asked of the cache, which counts a start from the moment it is called: two clicks before the screen updates
    // start one job.
    if (queryClient.isMutating({ mutationKey: generatorKeys.jobStart }) > 0) return false;
    // One key per request body: a retry after a lost reply (the only failure that may have reached the server) replays
    // the job instead of paying twice; after any other failure nothing changed, so a new key is safe.
    const last = starting.variables;
    const lostReply = starting.isError && starting.error instanceof ApiError && starting.error.isNetworkError;
    const key = lostReply && last?.body === body ? last.key : randomKey();
    if (!keepStage) setState((s) => ({ ...s, phase: 'idle', resumed: false, lost: false, picked: false, ...NO_RUN }));
    await starting.mutateAsync({ body, key, send, keepStage });
    return true;
  };

  const start = (body: GenerateRequest) => submit(`generate:${JSON.stringify(body)}`, (key) => videoApi.generate(body, key), false);
  const startEdit = (body: EditRequest) => submit(`edit:${JSON.stringify(body)}`, (key) => videoApi.edit(body, key), true);

  /** Show a finished video (e.g. one chosen from the history) or clear the stage. */
  const show = useCallback((video: VideoRecord | null) => {
    setState((s) => {
      if (s.jobId) return s;
      if (!video) return { ...s, phase: 'idle', video: null, resumed: false, lost: false, picked: false, ...NO_RUN };
      // The same video again (its share changed) keeps what the stage says about its run; another one replaces it.
      const run = video.id === s.video?.id ? { others: s.others, cancelled: s.cancelled } : NO_RUN;
      return { ...s, phase: video.status === 'succeeded' ? 'succeeded' : 'failed', video, resumed: false, lost: false, picked: true, ...run };
    });
  }, []);

  /**
   * The stage's Cancel stopped the run's videos: the stage says what happened to them, and each is read again now,
   * so a cancelled one, or one that finished first, shows as such without waiting for the next check.
   */
  const runCancelled = (outcome: RunCancel) => {
    setState((s) => ({ ...s, cancelled: outcome }));
    for (const id of [state.jobId ?? state.video?.id, ...state.others]) {
      if (id) void queryClient.invalidateQueries({ queryKey: generatorKeys.job(id) });
    }
  };

  return { state: shown, othersInProgress, start, startEdit, show, runCancelled };
}
