import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadActiveJob, loadDraft, saveActiveJob, saveDraft } from './draft.ts';

beforeEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('the draft in sessionStorage', () => {
  it('round-trips prompt, settings, template and picture', () => {
    const draft = {
      prompt: 'Northern lights',
      config: { model: 'v1.0', resolution: '512p', duration: '10s' } as const,
      templateId: 'tpl-northern-lights',
      templateTitle: 'Northern lights',
      image: { name: 'sky.png', dataUrl: 'data:image/png;base64,AAAA', uploadId: 'img_1' },
    };
    saveDraft(draft);
    expect(loadDraft()).toEqual(draft);
  });

  it('ignores a stored draft it cannot trust', () => {
    sessionStorage.setItem('reelmint:generator:draft', '{"prompt":"x","config":{"model":"v9"}}');
    expect(loadDraft()).toBeNull();
    sessionStorage.setItem('reelmint:generator:draft', 'not json');
    expect(loadDraft()).toBeNull();
  });

  it('keeps the words when the picture does not fit in storage', () => {
    const setItem = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (value.includes('data:image')) throw new DOMException('full', 'QuotaExceededError');
      setItem.call(this, key, value);
    });
    saveDraft({ prompt: 'Kept', config: { model: 'v1.0', resolution: '512p', duration: '5s' }, image: { name: 'big.png', dataUrl: 'data:image/png;base64,AAAA' } });
    expect(loadDraft()).toEqual({ prompt: 'Kept', config: { model: 'v1.0', resolution: '512p', duration: '5s' } });
  });
});

it('remembers the job in progress until it is cleared', () => {
  expect(loadActiveJob()).toBeNull();
  saveActiveJob('vid_1');
  expect(loadActiveJob()).toBe('vid_1');
  saveActiveJob(null);
  expect(loadActiveJob()).toBeNull();
});
