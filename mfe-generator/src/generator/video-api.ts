import { api, ApiError, authStore, clearSession, request, runtimeConfig, withFallback } from '@reelmint/shared';
import type {
  DeletedReply,
  EditEstimate,
  EditKind,
  EditReply,
  EditRequestBody,
  Envelope,
  GenerateReply,
  GenerateRequest,
  Loaded,
  PublicVideo,
  ShareState,
  UploadReply,
  VideoHistoryPage,
  VideoHistoryQueryInput,
  VideoCancelReply,
  VideoKind,
  VideoRecord,
  ViewCountReply,
} from '@reelmint/shared';

export type { EditReply, GenerateReply, GenerateRequest, ShareState, VideoRecord } from '@reelmint/shared';

/** An edit's fields as the API takes them: `kind` with the fields it needs (`Need`) and may take (`May`). */
type EditOf<K extends EditKind, Need extends keyof EditRequestBody, May extends keyof EditRequestBody = never> = { kind: K } & {
  [F in Need]-?: NonNullable<EditRequestBody[F]>;
} & Pick<EditRequestBody, May>;

/** An edit of finished videos (api/README.md, "Editing"): the fields of its kind only. */
export type EditRequest =
  | EditOf<'trim', 'videoId' | 'start' | 'end'>
  | EditOf<'reframe', 'videoId' | 'aspectRatio' | 'mode', 'focusX' | 'focusY'>
  | EditOf<'speed', 'videoId' | 'speed'>
  | EditOf<'merge', 'videoIds' | 'transition'>
  | EditOf<'extend', 'videoId' | 'duration'>
  | EditOf<'upscale', 'videoId'>;

export type { EditEstimate };

/** The most clips the merge picker lists: the API's largest history page. */
export const MERGE_PICKER_LIMIT = 50;

export type HistoryPage = VideoHistoryPage;

export type { UploadReply };

/** History defaults to page 1, 10 per page. */
export const HISTORY_PER_PAGE = 10;

export function isFinished(video: Pick<VideoRecord, 'status'>): boolean {
  return video.status === 'succeeded' || video.status === 'failed' || video.status === 'cancelled';
}

export const videoApi = {
  generate: (body: GenerateRequest, idempotencyKey: string) => request<GenerateReply>('POST', '/api/videos/generate', { body, idempotencyKey }),
  status: (id: string, signal?: AbortSignal) => request<VideoRecord>('GET', `/api/videos/status/${encodeURIComponent(id)}`, signal ? { signal } : {}),
  /** A server that cannot be reached gives an empty list, marked as fallback. */
  history: (page: number, videoType?: VideoKind): Promise<Loaded<HistoryPage>> =>
    withFallback(api.history(page, HISTORY_PER_PAGE, videoType), { items: [], page, perPage: HISTORY_PER_PAGE, total: 0 }),
  edit: (body: EditRequest, idempotencyKey: string) => request<EditReply>('POST', '/api/videos/edits', { body, idempotencyKey }),
  estimateEdit: (body: EditRequest, signal?: AbortSignal) =>
    request<EditEstimate>('POST', '/api/videos/edits/estimate', { body, ...(signal ? { signal } : {}) }),
  /** The person's newest finished videos, for choosing clips to merge. */
  finishedClips: async (signal?: AbortSignal): Promise<VideoRecord[]> => {
    const page = await request<HistoryPage>('GET', '/api/videos/history', {
      query: { page: 1, per_page: MERGE_PICKER_LIMIT } satisfies VideoHistoryQueryInput,
      ...(signal ? { signal } : {}),
    });
    return page.items.filter((video) => video.status === 'succeeded' && !!video.videoUrl);
  },
  remove: (id: string) => request<DeletedReply>('DELETE', `/api/videos/${encodeURIComponent(id)}`),
  /** Stops a queued or rendering video and refunds it; 409 ALREADY_FINISHED when it ended first. One video per call. */
  cancel: (id: string) => request<VideoCancelReply>('POST', `/api/videos/${encodeURIComponent(id)}/cancel`),
  share: (id: string) => request<ShareState>('POST', `/api/videos/${encodeURIComponent(id)}/share`),
  unshare: (id: string) => request<ShareState>('DELETE', `/api/videos/${encodeURIComponent(id)}/share`),
  /** A shared video's public data; rejects with a 404 ApiError when it is not shared. */
  publicVideo: (id: string, signal?: AbortSignal) => request<PublicVideo>('GET', `/api/public/videos/${encodeURIComponent(id)}`, signal ? { signal } : {}),
  countView: (id: string) => request<ViewCountReply>('POST', `/api/public/videos/${encodeURIComponent(id)}/views`),
  upload: uploadImage,
};

type UploadEnvelope = Partial<Envelope<UploadReply>>;

function parseEnvelope(text: string): UploadEnvelope | null {
  try {
    return JSON.parse(text) as UploadEnvelope;
  } catch {
    return null;
  }
}

/**
 * POST /api/upload (multipart field `file`) through XMLHttpRequest, because fetch cannot report
 * upload progress. Errors match the shared client's: ApiError with the server's code, and a 401
 * ends the session like every call that enforces sign-in.
 */
export function uploadImage(file: Blob, fileName: string, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<UploadReply> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const url = new URL(`${runtimeConfig().apiBase}/api/upload`, location.href);
    xhr.open('POST', url.toString());
    xhr.setRequestHeader('Accept', 'application/json');
    const { token } = authStore.getState();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError('The server cannot be reached. Check your connection and try again.', 'NETWORK_ERROR'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    xhr.onload = () => {
      const payload = parseEnvelope(xhr.responseText);
      if (xhr.status === 401) {
        if (authStore.getState().token) clearSession();
        reject(new ApiError('Authentication failed', 'UNAUTHENTICATED', 401));
        return;
      }
      if (xhr.status < 200 || xhr.status >= 300 || !payload?.success || !payload.data) {
        reject(new ApiError(payload?.message ?? `HTTP error ${xhr.status}`, payload?.error ?? 'API_ERROR', xhr.status));
        return;
      }
      onProgress(1);
      resolve(payload.data);
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, fileName);
    xhr.send(form);
  });
}
