// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { canUpgrade, cheapestPlanWith, checkGenerationAccess, DAY_MS, expiryState, PLAN_FEATURES, plansWith, upscaleTarget } from './plans.ts';

describe('checkGenerationAccess', () => {
  it('allows the free plan its own settings', () => {
    expect(checkGenerationAccess({ model: 'v1.0', resolution: '512p', duration: '10s' }, PLAN_FEATURES.free)).toEqual([]);
  });

  it('explains each feature the plan lacks and marks it upgrade-required', () => {
    const problems = checkGenerationAccess({ model: 'v2.0', resolution: '1080p', duration: '5s' }, PLAN_FEATURES.free);
    expect(problems.map((p) => p.message)).toEqual(['V2.0 model requires premium subscription', '1080p resolution requires premium subscription']);
    expect(problems.every((p) => p.upgradeRequired)).toBe(true);
    expect(checkGenerationAccess({ model: 'v1.0', resolution: '720p', duration: '5s' }, PLAN_FEATURES.free)[0]?.message).toBe(
      '720p resolution requires premium subscription',
    );
  });

  it('gives pro v2.0 and 720p but not 1080p; premium everything', () => {
    expect(checkGenerationAccess({ model: 'v2.0', resolution: '720p', duration: '5s' }, PLAN_FEATURES.pro)).toEqual([]);
    expect(checkGenerationAccess({ model: 'v2.0', resolution: '1080p', duration: '5s' }, PLAN_FEATURES.pro)).toHaveLength(1);
    expect(checkGenerationAccess({ model: 'v2.0', resolution: '1080p', duration: '10s' }, PLAN_FEATURES.premium)).toEqual([]);
  });
});

describe('expiry', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it('is expired at 0 days left or less, expiring soon at 7 or fewer', () => {
    expect(expiryState(new Date(now).toISOString(), now)).toBe('expired');
    expect(expiryState(new Date(now + 7 * DAY_MS).toISOString(), now)).toBe('expiring-soon');
    expect(expiryState(new Date(now + 8 * DAY_MS).toISOString(), now)).toBe('active');
    expect(expiryState(null, now)).toBe('none');
  });

  it('offers upgrade only on the free plan', () => {
    expect(canUpgrade('free')).toBe(true);
    expect(canUpgrade('pro')).toBe(false);
    expect(canUpgrade('premium')).toBe(false);
  });
});

describe('cheapestPlanWith', () => {
  it('names Pro for what Pro unlocks and Max only for what Pro lacks', () => {
    expect(cheapestPlanWith('v2Model')).toBe('pro');
    expect(cheapestPlanWith('hd720p')).toBe('pro');
    expect(cheapestPlanWith('hd1080p')).toBe('premium');
  });
});

describe('plansWith', () => {
  it('lists every plan that unlocks a feature, cheapest first, and no plan that does not', () => {
    expect(plansWith('hd1080p')).toEqual(['premium']);
    expect(plansWith('advancedEditing')).toEqual(['premium']);
    expect(plansWith('hd720p')).toEqual(['pro', 'premium']);
    expect(plansWith('v2Model')).toEqual(['pro', 'premium']);
  });

  it('agrees with checkGenerationAccess: each plan it names allows the locked setting, each plan it leaves out refuses it', () => {
    const locks = [
      { feature: 'hd1080p', config: { model: 'v1.0', resolution: '1080p', duration: '5s' } },
      { feature: 'hd720p', config: { model: 'v1.0', resolution: '720p', duration: '5s' } },
      { feature: 'v2Model', config: { model: 'v2.0', resolution: '512p', duration: '5s' } },
    ] as const;
    for (const { feature, config } of locks) {
      for (const plan of ['free', 'pro', 'premium'] as const) {
        expect(checkGenerationAccess(config, PLAN_FEATURES[plan]).length === 0, `${plan} and ${feature}`).toBe(plansWith(feature).includes(plan));
      }
    }
  });
});

describe('upscaleTarget', () => {
  it('goes one resolution up when the plan allows it: nowhere on Free, to 720p on Pro, to 1080p on Max', () => {
    expect(upscaleTarget('512p', PLAN_FEATURES.free)).toBeNull();
    expect(upscaleTarget('512p', PLAN_FEATURES.pro)).toBe('720p');
    expect(upscaleTarget('720p', PLAN_FEATURES.pro)).toBeNull();
    expect(upscaleTarget('512p', PLAN_FEATURES.premium)).toBe('720p');
    expect(upscaleTarget('720p', PLAN_FEATURES.premium)).toBe('1080p');
    expect(upscaleTarget('1080p', PLAN_FEATURES.premium)).toBeNull();
  });
});
