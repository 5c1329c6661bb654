import { useCallback, useEffect, useState } from 'react';
import { api } from '@reelmint/shared';
import type { PlanItem } from '@reelmint/shared';

export type PlansState =
  | { kind: 'loading' }
  | { kind: 'ready'; plans: PlanItem[]; /** Spec §8's sample plans: the server could not be reached. */ fallback: boolean }
  | { kind: 'error' };

/** The server's plan catalogue, with a retry that needs no page reload. */
export function usePlans(enabled = true): { state: PlansState; retry: () => void } {
  const [state, setState] = useState<PlansState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setState({ kind: 'loading' });
    api.plans().then(
      ({ data, fallback }) => live && setState({ kind: 'ready', plans: data, fallback }),
      () => live && setState({ kind: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [enabled, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
