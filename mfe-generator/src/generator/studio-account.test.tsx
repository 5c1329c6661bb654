import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { creditsStore, PLAN_FEATURES, subscriptionStore } from '@reelmint/shared';
import { useStudioAccount } from './use-studio-account.ts';

describe("an anonymous visitor's studio", () => {
  it('is not drawn again when the stand-in balance and plan are read, and keeps the free plan', async () => {
    creditsStore.setState(creditsStore.getInitialState(), true);
    subscriptionStore.setState(subscriptionStore.getInitialState(), true);
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useStudioAccount(null);
    });
    await act(async () => {});
    // The reads happened (without a request): the stores hold the anonymous values now.
    expect(creditsStore.getState()).toMatchObject({ balance: 0, status: 'ready' });
    expect(subscriptionStore.getState()).toMatchObject({ status: 'ready' });
    expect(renders).toBe(1);
    expect(result.current.features).toEqual(PLAN_FEATURES.free);
    expect(result.current.canEdit).toBeNull();
  });
});
