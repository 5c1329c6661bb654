// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { BUCKETS, canaryBucket, inCanary } from './canary.ts';

const visitors = Array.from({ length: 20_000 }, (_, i) => `visitor-${i}-${(i * 7919).toString(36)}`);

describe('canary selection', () => {
  it('gives the same visitor the same answer every time', () => {
    for (const id of visitors.slice(0, 200)) {
      expect(inCanary(id, 'billing', 30)).toBe(inCanary(id, 'billing', 30));
      expect(canaryBucket(id, 'billing')).toBe(canaryBucket(id, 'billing'));
    }
  });

  it.each([1, 10, 25, 50, 90])('puts close to %i%% of many visitors in the canary', (percent) => {
    const share = visitors.filter((id) => inCanary(id, 'billing', percent)).length / visitors.length;
    expect(Math.abs(share * 100 - percent)).toBeLessThan(1.5);
  });

  it('keeps everyone already in the canary when its share is raised', () => {
    const atTen = visitors.filter((id) => inCanary(id, 'marketing', 10));
    expect(atTen.every((id) => inCanary(id, 'marketing', 50))).toBe(true);
  });

  it('chooses independently per remote, so one canary does not pick the same people as another', () => {
    const both = visitors.filter((id) => inCanary(id, 'billing', 50) && inCanary(id, 'generator', 50)).length / visitors.length;
    expect(Math.abs(both - 0.25)).toBeLessThan(0.02);
  });

  it('spreads buckets over the whole range', () => {
    const buckets = visitors.map((id) => canaryBucket(id, 'billing'));
    expect(Math.min(...buckets)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...buckets)).toBeLessThan(BUCKETS);
    expect(Math.max(...buckets)).toBeGreaterThan(BUCKETS * 0.99);
  });
});
