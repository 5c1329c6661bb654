import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, bus, loadCredits, setCreditBalance } from '@reelmint/shared';
import { generatorKeys } from '../server-state/generator-queries.tsx';
import { loadActiveJob, saveActiveJob } from './draft.ts';
import { isAbort } from './errors.ts';
import { isFinished, videoApi } from './video-api.ts';
import type { EditReply, EditRequest, GenerateReply, GenerateRequest, VideoRecord } from './video-api.ts';

/** How often a job in progress is asked for; the API saves progress every 250 ms. */
export const POLL_INTERVAL_MS = 1000;
/** The longest wait between status checks while they fail to reach the server. */
const MAX_POLL_BACKOFF_MS = 10_000;

export type GenerationPhase = 'idle' | 'submitting' | 'running' | 'succeeded' | 'failed';

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

function initialState(): GenerationState {
  const jobId = loadActiveJob();
  return { phase: jobId ? 'running' : 'idle', jobId, video: null, resumed: !!jobId, connectionLost: false, lost: false, picked: false };
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
      saveActiveJob(reply.id);
      bus.emit('video:queued', { id: reply.id });
      setState({ phase: 'running', jobId: reply.id, video: null, resumed: false, connectionLost: false, lost: false, picked: false });
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
    if (!keepStage) setState((s) => ({ ...s, phase: 'idle', resumed: false, lost: false, picked: false }));
    await starting.mutateAsync({ body, key, send, keepStage });
    return true;
  };

  const start = (body: GenerateRequest) => submit(`generate:${JSON.stringify(body)}`, (key) => videoApi.generate(body, key), false);
  const startEdit = (body: EditRequest) => submit(`edit:${JSON.stringify(body)}`, (key) => videoApi.edit(body, key), true);

  /** Show a finished video (e.g. one chosen from the history) or clear the stage. */
  const show = useCallback((video: VideoRecord | null) => {
    setState((s) => {
      if (s.jobId) return s;
      if (!video) return { ...s, phase: 'idle', video: null, resumed: false, lost: false, picked: false };
      return { ...s, phase: video.status === 'succeeded' ? 'succeeded' : 'failed', video, resumed: false, lost: false, picked: true };
    });
  }, []);

  return { state: shown, start, startEdit, show };
}
