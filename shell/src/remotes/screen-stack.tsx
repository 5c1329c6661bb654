import type { ExposedModule } from '@reelmint/contract/screens';
import { useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { RemoteRegion } from './remote-region.tsx';
import type { RemoteName } from './pointer.ts';
import { getNothingPrepared, getPrepared, screenId, subscribePrepared } from './prepared-screens.ts';

interface Props {
  remote: RemoteName;
  /** The exposed module of the route's screen, e.g. './PricingPage'. */
  module: ExposedModule;
}

/**
 * The route's remote screen, or, once the page is idle, one of the likely next screens the shell has drawn ahead
 * out of sight (remotes/ahead-screens.tsx): a move to one of those only shows what is already drawn.
 *
 * Every route of a remote screen renders this component under the same key, so it lives across moves.
 */
export function ScreenStack({ remote, module }: Props) {
  const { screens, Ahead } = useSyncExternalStore(subscribePrepared, getPrepared, getNothingPrepared);
  const currentId = screenId(remote, module);
  // The screen drawn in the page's own tree: the one the page was first drawn with, and any other that was not drawn
  // ahead when the visitor moved to it. It stays there until the visitor leaves it, even if it is prepared meanwhile:
  // swapping it for a fresh copy would lose what the visitor is doing.
  const [inlineId, setInlineId] = useState<string | null>(currentId);
  let inline = inlineId;
  if (currentId !== inlineId) {
    inline = Ahead && screens.some((screen) => screenId(screen.remote, screen.module) === currentId) ? null : currentId;
    if (inline !== inlineId) setInlineId(inline);
  }
  const ahead = screens.filter((screen) => screenId(screen.remote, screen.module) !== inline);
  const shown = inline === null ? ahead.find((screen) => screenId(screen.remote, screen.module) === currentId) : undefined;
  const slot = useRef<HTMLDivElement>(null);
  // The same element while the screen stays: screens put aside to draw ahead (a render of their own, in one task)
  // do not draw the page's own screen again.
  const region = useMemo(() => <RemoteRegion key={currentId} remote={remote} module={module} />, [currentId, remote, module]);
  return (
    <>
      {shown ? <div ref={slot} style={{ display: 'contents' }} /> : region}
      {Ahead && <Ahead screens={ahead} shown={shown} slot={slot} />}
    </>
  );
}
