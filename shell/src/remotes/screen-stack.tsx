import { useRef, useState, useSyncExternalStore } from 'react';
import { RemoteRegion } from './remote-region.tsx';
import type { RemoteName } from './pointer.ts';
import { getNothingPrepared, getPrepared, screenId, subscribePrepared } from './prepared-screens.ts';

interface Props {
  remote: RemoteName;
  /** The exposed module of the route's screen, e.g. './PricingPage'. */
  module: string;
}

/**
 * The route's remote screen, or, once the page is idle, one of the likely next screens the shell has drawn ahead
 * out of sight (remotes/ahead-screens.tsx): a move to one of those only shows what is already drawn.
 *
 * Every route of a remote screen renders this component under the same key, so it lives across moves. The
 * screen a page was first drawn with (by the server, then taken over) stays in the page's own tree until the
 * visitor leaves it.
 */
export function ScreenStack({ remote, module }: Props) {
  const { screens, Ahead } = useSyncExternalStore(subscribePrepared, getPrepared, getNothingPrepared);
  const currentId = screenId(remote, module);
  const [firstId, setFirstId] = useState<string | null>(currentId);
  if (firstId !== null && firstId !== currentId) setFirstId(null);
  const ahead = screens.filter((screen) => screenId(screen.remote, screen.module) !== firstId);
  const shown = Ahead ? ahead.find((screen) => screenId(screen.remote, screen.module) === currentId) : undefined;
  const slot = useRef<HTMLDivElement>(null);
  return (
    <>
      {shown ? <div ref={slot} style={{ display: 'contents' }} /> : <RemoteRegion key={currentId} remote={remote} module={module} />}
      {Ahead && <Ahead screens={ahead} shown={shown} slot={slot} />}
    </>
  );
}
