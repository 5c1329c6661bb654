// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseCycle, planFeatureKeys, yearlySaving } from './plan-catalogue.ts';
import { CATALOGUE } from '@reelmint/testing';

describe('yearlySaving', () => {
  it('is the least any paid plan saves, rounded down: $13 to $10 and $39 to $30 a month are 23%, not 25%', () => {
    expect(yearlySaving(CATALOGUE)).toBe(0.23);
  });

  it('is the smaller saving when plans differ, so the badge is true of each', () => {
    const [free, pro, max] = CATALOGUE;
    expect(yearlySaving([free!, { ...pro!, yearlyMonthlyPrice: 9.75 }, { ...max!, yearlyMonthlyPrice: 19.5 }])).toBe(0.25);
  });

  it('is null when a paid plan saves nothing yearly, or there is no paid plan', () => {
    const [free, pro, max] = CATALOGUE;
    expect(yearlySaving([free!, { ...pro!, yearlyMonthlyPrice: 13 }, max!])).toBeNull();
    expect(yearlySaving([free!])).toBeNull();
  });
});

describe('planFeatureKeys', () => {
  it('lists for Max only what is built: editing, and its unlimited generations as the relaxed queue they are', () => {
    expect(planFeatureKeys(CATALOGUE[2]!)).toEqual(['features.modelV2', 'features.res1080', 'features.relaxedQueue', 'features.editing']);
    expect(planFeatureKeys(CATALOGUE[1]!)).not.toContain('features.editing');
    expect(planFeatureKeys(CATALOGUE[1]!)).not.toContain('features.relaxedQueue');
  });

  it('promises no support level: there is no support queue behind one, so no plan card lists it', () => {
    expect(planFeatureKeys(CATALOGUE[1]!)).toEqual(['features.modelV2', 'features.res720']);
  });
});

describe('parseCycle', () => {
  it('reads ?cycle= in any case, as plan keys are read, and nothing else as a cycle', () => {
    expect(parseCycle('monthly')).toBe('monthly');
    expect(parseCycle('MONTHLY')).toBe('monthly');
    expect(parseCycle(' Yearly ')).toBe('yearly');
    expect(parseCycle('weekly')).toBeNull();
    expect(parseCycle('')).toBeNull();
    expect(parseCycle(null)).toBeNull();
  });
});
