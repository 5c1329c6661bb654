// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PLAN_FEATURES } from '@reelmint/shared';
import { costSummary, isGenerationConfig, lockedFeature, lockMessageKey } from './settings.ts';

describe('which options each plan includes', () => {
  it('free: v1.0, 512p, 5s or 10s; everything else is marked with the feature it needs', () => {
    const free = PLAN_FEATURES.free;
    expect(lockedFeature('model', 'v1.0', free)).toBeNull();
    expect(lockedFeature('model', 'v2.0', free)).toBe('v2Model');
    expect(lockedFeature('resolution', '512p', free)).toBeNull();
    expect(lockedFeature('resolution', '720p', free)).toBe('hd720p');
    expect(lockedFeature('resolution', '1080p', free)).toBe('hd1080p');
    expect(lockedFeature('duration', '10s', free)).toBeNull();
  });

  it('pro adds v2.0 and 720p but not 1080p; premium includes everything', () => {
    expect(lockedFeature('model', 'v2.0', PLAN_FEATURES.pro)).toBeNull();
    expect(lockedFeature('resolution', '720p', PLAN_FEATURES.pro)).toBeNull();
    expect(lockedFeature('resolution', '1080p', PLAN_FEATURES.pro)).toBe('hd1080p');
    expect(lockedFeature('resolution', '1080p', PLAN_FEATURES.premium)).toBeNull();
  });

  it('explains each refusal with its own message', () => {
    expect(lockMessageKey('v2Model')).toBe('locks.v2Model');
    expect(lockMessageKey('hd720p')).toBe('locks.hd720p');
    expect(lockMessageKey('hd1080p')).toBe('locks.hd1080p');
  });
});

describe('cost summary', () => {
  it('prices with the shared formula and compares with the balance', () => {
    expect(costSummary({ model: 'v2.0', resolution: '720p', duration: '10s' }, 100)).toMatchObject({
      cost: 45,
      enough: true,
      after: 55,
      level: 'good',
      critical: false,
    });
    expect(costSummary({ model: 'v1.0', resolution: '1080p', duration: '10s' }, 39)).toMatchObject({ cost: 40, enough: false, level: 'medium' });
    expect(costSummary({ model: 'v1.0', resolution: '512p', duration: '5s' }, 10)).toMatchObject({
      cost: 10,
      enough: true,
      after: 0,
      level: 'low',
      critical: false,
    });
    expect(costSummary({ model: 'v1.0', resolution: '512p', duration: '5s' }, 9)).toMatchObject({ enough: false, critical: true });
  });

  it('has no balance to compare with for visitors', () => {
    expect(costSummary({ model: 'v1.0', resolution: '512p', duration: '10s' }, null)).toMatchObject({ cost: 20, balance: null, enough: true, level: null });
  });
});

it('accepts only settings the API knows', () => {
  expect(isGenerationConfig({ model: 'v1.0', resolution: '512p', duration: '5s' })).toBe(true);
  expect(isGenerationConfig({ model: 'v3.0', resolution: '512p', duration: '5s' })).toBe(false);
  expect(isGenerationConfig({ model: 'v1.0', resolution: '512p', duration: '7s' })).toBe(false);
  expect(isGenerationConfig(null)).toBe(false);
});
