// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { changeDirection } from './plan-change.ts';

describe('changeDirection', () => {
  it('reads a dearer plan or yearly billing as up, a cheaper plan or monthly billing as down', () => {
    const proMonthly = { plan: 'pro', billingCycle: 'monthly' } as const;
    const maxYearly = { plan: 'premium', billingCycle: 'yearly' } as const;
    expect(changeDirection(proMonthly, 'premium', 'monthly')).toBe('up');
    expect(changeDirection(proMonthly, 'pro', 'yearly')).toBe('up');
    expect(changeDirection(proMonthly, 'pro', 'monthly')).toBe('same');
    expect(changeDirection(maxYearly, 'pro', 'yearly')).toBe('down');
    expect(changeDirection(maxYearly, 'premium', 'monthly')).toBe('down');
    // A cheaper plan is down even on dearer billing: Pro yearly costs less than Max monthly per month.
    expect(changeDirection({ plan: 'premium', billingCycle: 'monthly' }, 'pro', 'yearly')).toBe('down');
    expect(changeDirection({ plan: 'free', billingCycle: null }, 'pro', 'monthly')).toBe('up');
  });

  it('treats the plan in force as the current card whatever the cycle when the server does not say how it is billed', () => {
    expect(changeDirection({ plan: 'pro', billingCycle: null }, 'pro', 'yearly')).toBe('same');
    expect(changeDirection({ plan: 'pro' }, 'pro', 'monthly')).toBe('same');
  });
});
