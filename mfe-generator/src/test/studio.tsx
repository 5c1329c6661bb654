import { afterEach, beforeEach, vi } from 'vitest';
import { act } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { bus, clearSession, setSession } from '@reelmint/shared';
import type { PlanKey, SubscriptionModalRequest } from '@reelmint/shared';
import { renderScreen } from '../../../shared/test/render.tsx';
import GeneratorPage from '../generator/generator-page.tsx';
import { emptyHistory, fakeToken, ok, subscriptionOf } from './fake-api.ts';

/** The studio's page tests: the whole screen, with the fake network of fake-api.ts. */

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** The studio at `path` in `lng`, with the URL it ends up on in `data-testid="location"`. */
export function page(path = '/text-to-video/generator', lng = 'en') {
  return renderScreen(
    <>
      <GeneratorPage />
      <LocationProbe />
    </>,
    { path, lng },
  );
}

/** What every screen asks for on opening: the balance, the plan, an empty history. */
export function baseRoutes({ balance = 100, plan = 'free' as PlanKey } = {}) {
  return {
    'GET /api/user/credits': () => ok({ balance }),
    'GET /api/user/subscription': () => subscriptionOf(plan),
    'GET /api/videos/history': emptyHistory,
  };
}

export async function signIn() {
  await act(async () => {
    setSession(fakeToken(), { id: 'u1', username: 'Ada' });
  });
}

/** The subscription modal's openings, as the shell would receive them. */
export function modalRequests() {
  const requests: SubscriptionModalRequest[] = [];
  const listener = (request: SubscriptionModalRequest) => requests.push(request);
  bus.on('subscription:open', listener);
  return { requests, stop: () => bus.off('subscription:open', listener) };
}

/** Each test starts with no draft, no session, real timers and the real globals. */
export function freshStudioEachTest() {
  beforeEach(() => {
    sessionStorage.clear();
  });

  afterEach(async () => {
    vi.useRealTimers();
    await act(async () => clearSession());
    vi.unstubAllGlobals();
  });
}
