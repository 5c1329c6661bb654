// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  AUDIO_FACTOR,
  creditCost,
  creditLevel,
  durationSeconds,
  editCost,
  formatCredits,
  formatSeconds,
  isCriticallyLow,
  isVariationCount,
  parseSeconds,
  runCost,
} from './pricing.ts';

describe('creditCost', () => {
  it('is seconds x 2 x model factor x resolution factor', () => {
    expect(creditCost({ model: 'v1.0', resolution: '512p', duration: '5s' })).toBe(10);
    expect(creditCost({ model: 'v1.0', resolution: '720p', duration: '10s' })).toBe(30);
    expect(creditCost({ model: 'v2.0', resolution: '1080p', duration: '10s' })).toBe(60);
  });

  it('rounds up fractional costs', () => {
    // 5 x 2 x 1.5 x 1.5 = 22.5
    expect(creditCost({ model: 'v2.0', resolution: '720p', duration: '5s' })).toBe(23);
  });

  it('never charges less than one credit', () => {
    expect(creditCost({ model: 'v1.0', resolution: '512p', duration: '0s' as '5s' })).toBe(1);
  });

  it('multiplies by the audio factor when the clip has sound', () => {
    expect(AUDIO_FACTOR).toBe(1.25);
    // 5 x 2 x 1 x 1 x 1.25 = 12.5, rounded up
    expect(creditCost({ model: 'v1.0', resolution: '512p', duration: '5s', audio: true })).toBe(13);
    // 10 x 2 x 1.5 x 2 x 1.25 = 75
    expect(creditCost({ model: 'v2.0', resolution: '1080p', duration: '10s', audio: true })).toBe(75);
    expect(creditCost({ model: 'v2.0', resolution: '1080p', duration: '10s', audio: false })).toBe(60);
  });

  it('refuses a duration that is not whole seconds', () => {
    expect(() => durationSeconds('5')).toThrow(RangeError);
    expect(() => durationSeconds('5.5s')).toThrow(RangeError);
    expect(durationSeconds('10s')).toBe(10);
  });
});

describe('credit levels', () => {
  it('is good at 50+, medium 20 to 49, low below 20', () => {
    expect(creditLevel(50)).toBe('good');
    expect(creditLevel(49)).toBe('medium');
    expect(creditLevel(20)).toBe('medium');
    expect(creditLevel(19)).toBe('low');
  });

  it('shows the red panel below 10 only', () => {
    expect(isCriticallyLow(9)).toBe(true);
    expect(isCriticallyLow(10)).toBe(false);
  });
});

describe('formatCredits', () => {
  it('abbreviates above 999 with k', () => {
    expect(formatCredits(999)).toBe('999');
    expect(formatCredits(1000)).toBe('1k');
    expect(formatCredits(1250)).toBe('1.2k');
    expect(formatCredits(125000)).toBe('125k');
  });

  it('never rounds a balance up', () => {
    expect(formatCredits(1557)).toBe('1.5k');
    expect(formatCredits(1999)).toBe('1.9k');
    expect(formatCredits(9999)).toBe('9.9k');
    expect(formatCredits(99_999)).toBe('99.9k');
    expect(formatCredits(100_999)).toBe('100k');
    expect(formatCredits(999_999)).toBe('999k');
    for (let balance = 1000; balance < 200_000; balance += 37) {
      const shown = Number(formatCredits(balance).slice(0, -1)) * 1000;
      expect(shown, String(balance)).toBeLessThanOrEqual(balance);
    }
  });

  it('writes the number the way the language does', () => {
    expect(formatCredits(1557, 'fr')).toBe('1,5k');
    expect(formatCredits(1557, 'de')).toBe('1,5k');
    expect(formatCredits(42, 'hi')).toBe('42');
  });
});

describe('editCost', () => {
  it('charges the catalogue price per edit, per clip merged, and the generation plus the join for an extension', () => {
    expect(editCost({ kind: 'trim' })).toBe(2);
    expect(editCost({ kind: 'speed' })).toBe(3);
    expect(editCost({ kind: 'reframe' })).toBe(4);
    expect(editCost({ kind: 'merge', clips: 3 })).toBe(6);
    expect(editCost({ kind: 'extend', model: 'v2.0', resolution: '720p', duration: '5s' })).toBe(25);
  });

  it('prices an upscale by the clip length and the resolution it reaches, rounded up and never below 1', () => {
    expect(editCost({ kind: 'upscale', seconds: 5, resolution: '720p' })).toBe(4);
    expect(editCost({ kind: 'upscale', seconds: 5, resolution: '1080p' })).toBe(5);
    expect(editCost({ kind: 'upscale', seconds: 10, resolution: '1080p' })).toBe(10);
    expect(editCost({ kind: 'upscale', seconds: 2.5, resolution: '720p' })).toBe(2);
    expect(editCost({ kind: 'upscale', seconds: 0.4, resolution: '720p' })).toBe(1);
  });

  it('reads and writes stored lengths with at most two decimals', () => {
    expect(formatSeconds(2.3333)).toBe('2.33s');
    expect(formatSeconds(10)).toBe('10s');
    expect(parseSeconds('2.75s')).toBe(2.75);
    expect(parseSeconds('5s')).toBe(5);
    expect(parseSeconds('5')).toBeNull();
  });
});

describe('runCost', () => {
  it('charges each variation at the price of one video', () => {
    const config = { model: 'v2.0', resolution: '720p', duration: '10s' } as const;
    expect(runCost(config, 1)).toBe(creditCost(config));
    expect(runCost(config, 3)).toBe(creditCost(config) * 3);
    expect(runCost({ model: 'v1.0', resolution: '512p', duration: '5s' }, 4)).toBe(40);
    // Sound is priced per video, so a run with sound pays it on every variation.
    const withSound = { model: 'v1.0', resolution: '720p', duration: '5s', audio: true } as const;
    expect(runCost(withSound, 2)).toBe(creditCost(withSound) * 2);
  });

  it('refuses a count outside 1 to 4 or a fraction', () => {
    for (const bad of [0, 5, 1.5, -1, Number.NaN]) {
      expect(isVariationCount(bad)).toBe(false);
      expect(() => runCost({ model: 'v1.0', resolution: '512p', duration: '5s' }, bad)).toThrow(RangeError);
    }
    expect([1, 2, 3, 4].every(isVariationCount)).toBe(true);
  });
});
