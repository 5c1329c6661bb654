// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { bus } from './bus.ts';
import { authStore } from './stores/auth.ts';
import { createRemoteQueries } from './query-client.tsx';

const session = { bus, authStore };

describe("a remote's query cache on the shell's server", () => {
  it("is a fresh one for each drawing, so one person's data never reaches another's page", () => {
    const { withQueries } = createRemoteQueries(session);
    const clients: QueryClient[] = [];
    function Screen({ who }: { who: string }) {
      const client = useQueryClient();
      clients.push(client);
      const before = client.getQueryData<string>(['receipts']) ?? 'nobody';
      client.setQueryData(['receipts'], who);
      return <p>{before}</p>;
    }
    const Wrapped = withQueries(Screen);
    expect(renderToString(<Wrapped who="ada" />)).toBe('<p>nobody</p>');
    expect(renderToString(<Wrapped who="bob" />)).toBe('<p>nobody</p>');
    expect(clients[1]).not.toBe(clients[0]);
  });

  it('has no browserClient: nothing outside a drawing holds a cache on the server', () => {
    expect(createRemoteQueries(session).browserClient).toBeNull();
  });

  it('reads nothing ahead: prefetch is for the browser', async () => {
    const { prefetch } = createRemoteQueries(session);
    let asked = 0;
    await prefetch({ queryKey: ['plans'], queryFn: () => Promise.resolve(++asked) });
    expect(asked).toBe(0);
  });
});
