// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { creditCost, creditLevel, durationSeconds, editCost, formatCredits, formatSeconds, isCriticallyLow, parseSeconds } from './pricing.ts';

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

  it('reads and writes stored lengths with at most two decimals', () => {
    expect(formatSeconds(2.3333)).toBe('2.33s');
    expect(formatSeconds(10)).toBe('10s');
    expect(parseSeconds('2.75s')).toBe(2.75);
    expect(parseSeconds('5s')).toBe(5);
    expect(parseSeconds('5')).toBeNull();
  });
});
