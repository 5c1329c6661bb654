import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadActiveJob, loadDraft, PREVIEW_MAX_CHARS, saveActiveJob, saveDraft, saveDraftImage } from './draft.ts';

beforeEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

const config = { model: 'v1.0', resolution: '512p', duration: '5s', aspectRatio: '16:9' } as const;

describe('the draft in sessionStorage', () => {
  it('round-trips prompt, settings, what to keep out, seed, template and picture', () => {
    const text = {
      prompt: 'Northern lights',
      config: { ...config, duration: '10s', aspectRatio: '9:16' } as const,
      negativePrompt: 'clouds',
      seed: '81',
      templateId: 'tpl-northern-lights',
      templateTitle: 'Northern lights',
    };
    const image = { name: 'sky.png', dataUrl: 'data:image/png;base64,AAAA', uploadId: 'img_1' };
    saveDraft(text);
    saveDraftImage(image);
    expect(loadDraft()).toEqual({ ...text, image });
  });

  it('reads a draft saved before shapes existed as 16:9', () => {
    sessionStorage.setItem('reelmint:generator:draft', '{"prompt":"x","config":{"model":"v1.0","resolution":"512p","duration":"5s"}}');
    expect(loadDraft()).toEqual({ prompt: 'x', config });
  });

  it('ignores a stored draft it cannot trust', () => {
    sessionStorage.setItem('reelmint:generator:draft', '{"prompt":"x","config":{"model":"v9"}}');
    expect(loadDraft()).toBeNull();
    sessionStorage.setItem('reelmint:generator:draft', 'not json');
    expect(loadDraft()).toBeNull();
  });

  it('keeps an uploaded picture by its server id, not by a data URL too big to copy', () => {
    saveDraft({ prompt: 'Kept', config });
    saveDraftImage({ name: 'big.png', uploadId: 'img_7', dataUrl: `data:image/png;base64,${'A'.repeat(PREVIEW_MAX_CHARS)}` });
    expect(loadDraft()).toEqual({ prompt: 'Kept', config, image: { name: 'big.png', uploadId: 'img_7' } });
  });

  it('keeps the words when the picture does not fit in storage, and tries the picture once', () => {
    const setItem = Storage.prototype.setItem;
    const spy = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (value.includes('data:image')) throw new DOMException('full', 'QuotaExceededError');
      setItem.call(this, key, value);
    });
    saveDraft({ prompt: 'Kept', config });
    saveDraftImage({ name: 'big.png', dataUrl: 'data:image/png;base64,AAAA' });
    expect(loadDraft()).toEqual({ prompt: 'Kept', config });
    expect(spy.mock.calls.filter(([key]) => key === 'reelmint:generator:draft-image')).toHaveLength(1);
  });

  it('falls back to the server id when even a small preview does not fit, and drops a stale picture', () => {
    saveDraftImage({ name: 'old.png', uploadId: 'img_old' });
    const setItem = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (value.includes('data:image')) throw new DOMException('full', 'QuotaExceededError');
      setItem.call(this, key, value);
    });
    saveDraft({ prompt: 'Kept', config });
    saveDraftImage({ name: 'new.png', uploadId: 'img_new', dataUrl: 'data:image/png;base64,AAAA' });
    expect(loadDraft()?.image).toEqual({ name: 'new.png', uploadId: 'img_new' });
    saveDraftImage({ name: 'local.png', dataUrl: 'data:image/png;base64,BBBB' });
    expect(loadDraft()?.image).toBeUndefined();
  });
});

it('remembers the job in progress until it is cleared', () => {
  expect(loadActiveJob()).toBeNull();
  saveActiveJob('vid_1');
  expect(loadActiveJob()).toBe('vid_1');
  saveActiveJob(null);
  expect(loadActiveJob()).toBeNull();
});
