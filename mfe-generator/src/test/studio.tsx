import { afterEach, beforeEach, vi } from 'vitest';
import { act } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { bus, clearSession } from '@reelmint/shared';
import type { GenerateReply, SubscriptionModalRequest, VideoRecord } from '@reelmint/shared';
import { API_BASE, ok, renderWithProviders, setupFakeApi, signIn as signInToFakeApi } from '@reelmint/testing';
import type { ReplyTo, SignIn } from '@reelmint/testing';
import GeneratorPage from '../generator/generator-page.tsx';

/** The studio's page tests: the whole screen, with the fake API of @reelmint/testing. */

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** The studio at `path` in `lng`, with the URL it ends up on in `data-testid="location"`. */
export function page(path = '/text-to-video/generator', lng = 'en') {
  return renderWithProviders(
    <>
      <GeneratorPage />
      <LocationProbe />
    </>,
    { route: path, language: lng },
  );
}

/** Signs Ada in, on `plan` with `balance` credits (free and 100 unless said), as the page would see it happen. */
export async function signIn(account: SignIn = {}) {
  await act(async () => {
    signInToFakeApi(account);
  });
}

/** The subscription modal's openings, as the shell would receive them. */
export function modalRequests() {
  const requests: SubscriptionModalRequest[] = [];
  const listener = (request: SubscriptionModalRequest) => requests.push(request);
  bus.on('subscription:open', listener);
  return { requests, stop: () => bus.off('subscription:open', listener) };
}

/**
 * jsdom reads no pictures, so the studio's tests read them as a browser would for its size: a PNG (its signature)
 * measures what its header says (width and height at bytes 16-23; 4 x 4 when the file is only the signature), and
 * anything else fails to load.
 */
class PictureReader {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  naturalWidth = 0;
  naturalHeight = 0;
  set src(dataUrl: string) {
    const bytes = Uint8Array.from(atob(dataUrl.split(',')[1] ?? ''), (c) => c.charCodeAt(0));
    const png = [137, 80, 78, 71].every((byte, index) => bytes[index] === byte);
    if (png) {
      const header = bytes.length >= 24 ? new DataView(bytes.buffer, 16, 8) : null;
      this.naturalWidth = header ? header.getUint32(0) : 4;
      this.naturalHeight = header ? header.getUint32(4) : 4;
    }
    queueMicrotask(() => (png ? this.onload?.() : this.onerror?.()));
  }
}

/** A PNG's first 24 bytes: its signature and a header saying `width` x `height` pixels. */
export function pngOfSize(width: number, height: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(24);
  bytes.set([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82]);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  return bytes;
}

/** Each test starts with the fake API's defaults, no draft, no session, real timers and the real globals. */
export function freshStudioEachTest() {
  setupFakeApi();
  beforeEach(() => {
    sessionStorage.clear();
    vi.stubGlobal('Image', PictureReader);
  });

  afterEach(async () => {
    vi.useRealTimers();
    await act(async () => clearSession());
    vi.unstubAllGlobals();
  });
}

/** The API's 202 to a generate request: a priority text-to-video job of 10 credits, queued, leaving 90; `overrides` change any field. */
export function jobAccepted(overrides: Partial<GenerateReply> = {}): ReplyTo<'POST /api/videos/generate'> {
  return ok(
    {
      id: 'vid_1',
      status: 'queued',
      cost: 10,
      newBalance: 90,
      transactionId: 'tx',
      replayed: false,
      queue: 'priority',
      progress: 0,
      type: 'text-to-video',
      createdAt: '2030-05-01T10:00:00Z',
      runId: null,
      videoIds: [overrides.id ?? 'vid_1'],
      ...overrides,
    },
    202,
  );
}

/** A finished text-to-video clip as the API lists it; `overrides` change any field. */
export function video(overrides: Partial<VideoRecord> = {}): VideoRecord {
  return {
    id: 'vid_1',
    type: 'text-to-video',
    status: 'succeeded',
    prompt: 'A paper boat on a rainy street',
    imageId: null,
    templateId: null,
    model: 'v1.0',
    resolution: '512p',
    duration: '5s',
    aspectRatio: '16:9',
    negativePrompt: null,
    startImageId: null,
    endImageId: null,
    cameraMotion: null,
    audio: false,
    seed: 424242,
    cost: 10,
    queue: 'priority',
    shared: false,
    sharedAt: null,
    shareUrl: null,
    shareViews: 0,
    progress: 100,
    error: null,
    errorCode: null,
    engine: 'fal',
    refunded: false,
    videoUrl: `${API_BASE}/api/videos/vid_1/file?token=x`,
    posterUrl: `${API_BASE}/api/videos/vid_1/poster?token=x`,
    createdAt: '2030-05-01T10:00:00.000Z',
    finishedAt: '2030-05-01T10:00:05.000Z',
    sourceId: null,
    edit: null,
    runId: null,
    variation: null,
    queuePosition: null,
    expectedStartAt: null,
    expectedStartSeconds: null,
    ...overrides,
  };
}
