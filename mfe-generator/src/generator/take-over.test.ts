import { beforeEach, describe, expect, it } from 'vitest';
import { saveDraft } from './draft.ts';
import { canTakeOver } from './generator-page.tsx';
import { DEFAULT_CONFIG } from './settings.ts';

beforeEach(() => sessionStorage.clear());

describe('taking over the studio the server drew empty', () => {
  it('is allowed with no draft, or a draft that is still the empty form', () => {
    expect(canTakeOver()).toBe(true);
    saveDraft({ prompt: '', config: DEFAULT_CONFIG, negativePrompt: '', seed: '' });
    expect(canTakeOver()).toBe(true);
  });

  it('is refused when the tab keeps anything the person wrote or chose, so the studio opens with it', () => {
    for (const draft of [
      { prompt: 'A fox in the snow', config: DEFAULT_CONFIG },
      { prompt: '', config: { ...DEFAULT_CONFIG, resolution: '720p' as const } },
      { prompt: '', config: DEFAULT_CONFIG, seed: '42' },
      { prompt: '', config: DEFAULT_CONFIG, negativePrompt: 'blur' },
      { prompt: '', config: DEFAULT_CONFIG, templateId: 'tpl-neon-city' },
    ]) {
      sessionStorage.clear();
      saveDraft(draft);
      expect(canTakeOver(), JSON.stringify(draft)).toBe(false);
    }
  });
});
