import { render, screen } from '@testing-library/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bus } from './bus.ts';
import { authStore, clearSession, setSession, updateUser } from './stores/auth.ts';
import { createRemoteQueries, loadState } from './query-client.tsx';

const session = { bus, authStore };

function clientOf(withQueries: ReturnType<typeof createRemoteQueries>['withQueries']): () => QueryClient {
  let seen: QueryClient | undefined;
  function Probe() {
    seen = useQueryClient();
    return null;
  }
  const Screen = withQueries(Probe);
  return () => {
    const { unmount } = render(<Screen />);
    unmount();
    return seen!;
  };
}

describe("a remote's query cache in the browser", () => {
  it('is one for every screen of the remote and every mount, and apart from another remote', () => {
    const billing = createRemoteQueries(session);
    const generator = createRemoteQueries(session);
    const pricing = clientOf(billing.withQueries)();
    const modal = clientOf(billing.withQueries)();
    expect(modal).toBe(pricing);
    expect(clientOf(billing.withQueries)()).toBe(pricing);
    expect(clientOf(generator.withQueries)()).not.toBe(pricing);
  });

  it('is the browserClient its screens read, so code outside them fills and reads the same cache', () => {
    const { withQueries, browserClient } = createRemoteQueries(session);
    browserClient!.setQueryData(['plans'], ['free']);
    expect(clientOf(withQueries)().getQueryData(['plans'])).toEqual(['free']);
  });

  it('is emptied by forgetQueries, so the next visit reads afresh', () => {
    const { withQueries, forgetQueries } = createRemoteQueries(session);
    const client = clientOf(withQueries)();
    client.setQueryData(['plans'], ['free']);
    forgetQueries();
    expect(client.getQueryData(['plans'])).toBeUndefined();
  });

  it('shows a failed read at once instead of asking again', async () => {
    const { withQueries } = createRemoteQueries(session);
    const read = vi.fn(() => Promise.reject(new Error('down')));
    function Screen() {
      const state = loadState(useQuery({ queryKey: ['config'], queryFn: read }));
      return <p>{state.kind === 'error' ? (state.error as Error).message : state.kind}</p>;
    }
    const Wrapped = withQueries(Screen);
    render(<Wrapped />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('down')).toBeInTheDocument();
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('a read made ahead by prefetch is drawn at once, without asking again; a failed one is asked again when the screen shows', async () => {
    const { withQueries, prefetch } = createRemoteQueries(session);
    const plans = vi.fn(() => Promise.resolve('free, pro'));
    await prefetch({ queryKey: ['plans'], queryFn: plans, staleTime: Infinity });
    const config = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue('local engine');
    await expect(prefetch({ queryKey: ['config'], queryFn: config })).resolves.toBeUndefined();
    function Screen() {
      const catalogue = loadState(useQuery({ queryKey: ['plans'], queryFn: plans, staleTime: Infinity }));
      const engine = loadState(useQuery({ queryKey: ['config'], queryFn: config }));
      return (
        <p>
          {catalogue.kind === 'ready' ? catalogue.value : catalogue.kind} / {engine.kind === 'ready' ? engine.value : engine.kind}
        </p>
      );
    }
    const Wrapped = withQueries(Screen);
    render(<Wrapped />);
    expect(screen.getByText(/^free, pro \//)).toBeInTheDocument();
    expect(await screen.findByText('free, pro / local engine')).toBeInTheDocument();
    expect(plans).toHaveBeenCalledTimes(1);
    expect(config).toHaveBeenCalledTimes(2);
  });

  it('draws a read that arrived as ready with its value', async () => {
    const { withQueries } = createRemoteQueries(session);
    function Screen() {
      const state = loadState(useQuery({ queryKey: ['plans'], queryFn: () => Promise.resolve('free, pro') }));
      return <p>{state.kind === 'ready' ? state.value : state.kind}</p>;
    }
    const Wrapped = withQueries(Screen);
    render(<Wrapped />);
    expect(await screen.findByText('free, pro')).toBeInTheDocument();
  });

  describe('across sessions', () => {
    afterEach(() => clearSession());

    it('drops the reads of a session that ended, by a sign-out or another sign-in, and keeps what anyone may read', () => {
      setSession('ada-token', { username: 'Ada' });
      const { browserClient } = createRemoteQueries(session);
      browserClient!.setQueryData(['video-history', 'ada-token', 'all', 1], ['ada’s video']);
      browserClient!.setQueryData(['plans'], ['free']);
      updateUser({ username: 'Ada L.' });
      expect(browserClient!.getQueryData(['video-history', 'ada-token', 'all', 1])).toEqual(['ada’s video']);
      setSession('bob-token', { username: 'Bob' });
      expect(browserClient!.getQueryData(['video-history', 'ada-token', 'all', 1])).toBeUndefined();
      browserClient!.setQueryData(['video-history', 'bob-token', 'all', 1], ['bob’s video']);
      clearSession();
      expect(browserClient!.getQueryData(['video-history', 'bob-token', 'all', 1])).toBeUndefined();
      expect(browserClient!.getQueryData(['plans'])).toEqual(['free']);
    });
  });
});
