import type { ExposedModule } from '@reelmint/contract/screens';
import { Activity, memo, useContext, useLayoutEffect, useMemo, useState } from 'react';
import type { ContextType } from 'react';
import { createPortal } from 'react-dom';
import { UNSAFE_LocationContext as LocationContext, UNSAFE_RouteContext as RouteContext, useParams } from 'react-router-dom';
import { withLanguage } from '@reelmint/shared';
import { RemoteRegion } from './remote-region.tsx';
import type { RemoteName } from './pointer.ts';
import { screenId, setPrepared } from './prepared-screens.ts';
import type { AheadScreensProps, PreparedScreen } from './prepared-screens.ts';

type LocationValue = ContextType<typeof LocationContext>;

const containers = new Map<string, HTMLElement>();

/**
 * The element a prepared screen is drawn into: outside the document while the screen waits (so the page holds one
 * heading, one of each id, and nothing a screen reader or a search could find twice), moved into the page when the
 * visitor opens the screen. It adds no box of its own to the layout.
 */
export function containerOf(screen: PreparedScreen): HTMLElement {
  const id = screenId(screen.remote, screen.module);
  let container = containers.get(id);
  if (!container) {
    container = document.createElement('div');
    container.style.display = 'contents';
    containers.set(id, container);
  }
  return container;
}

/**
 * Draws these screens ahead (their modules are loaded) and resolves once each one is drawn. React draws a tree that
 * is out of sight when nothing else is left to do, so this comes after the page's own work. `also` are prepared
 * too, without waiting for them (the page's own screen, drawn ahead only once the visitor leaves it).
 */
export function prepareScreens(screens: readonly PreparedScreen[], also: readonly PreparedScreen[] = []): Promise<void> {
  setPrepared([...screens, ...also], AheadScreens);
  const pending = screens.map(containerOf).filter((container) => container.childElementCount === 0);
  return Promise.all(
    pending.map(
      (container) =>
        new Promise<void>((resolve) => {
          const observer = new MutationObserver(() => {
            if (container.childElementCount === 0) return;
            observer.disconnect();
            resolve();
          });
          observer.observe(container, { childList: true });
        }),
    ),
  ).then(() => undefined);
}

/** Tests only. */
export function forgetContainers(): void {
  containers.clear();
}

/**
 * Each prepared screen in a hidden `<Activity>` (rendered at the lowest priority, its effects not running), in its
 * own element outside the page. A move to one makes it visible and puts its element in the stack's slot, in the same
 * commit; a screen left is drawn afresh for the next visit, as a move to it always was.
 */
export function AheadScreens({ screens, shown, slot }: AheadScreensProps) {
  const routerLocation = useContext(LocationContext);
  const { lng } = useParams();
  // Bumped when a screen is left: its next visit starts from a fresh tree.
  const [visits, setVisits] = useState<Readonly<Record<string, number>>>({});
  const [last, setLast] = useState(shown);
  if (last !== shown) {
    setLast(shown);
    if (last) {
      const left = screenId(last.remote, last.module);
      setVisits((current) => ({ ...current, [left]: (current[left] ?? 0) + 1 }));
    }
  }
  useLayoutEffect(() => {
    if (shown && slot.current) slot.current.replaceChildren(containerOf(shown));
  }, [shown, slot]);
  return screens.map((screen) => {
    const id = screenId(screen.remote, screen.module);
    return <AheadScreen key={`${id}#${visits[id] ?? 0}`} screen={screen} visible={screen === shown} lng={lng} routerLocation={routerLocation} />;
  });
}

// No props that change: the screen's tree is not drawn again when the stack is, only when a context it reads changes.
const PreparedRegion = memo(function PreparedRegion({ remote, module }: { remote: RemoteName; module: ExposedModule }) {
  return <RemoteRegion remote={remote} module={module} />;
});

function sameAddress(a: LocationValue['location'], b: LocationValue['location']): boolean {
  return a.pathname === b.pathname && a.search === b.search && a.hash === b.hash && a.state == null && b.state == null;
}

interface AheadProps {
  screen: PreparedScreen;
  visible: boolean;
  lng: string | undefined;
  routerLocation: LocationValue;
}

function AheadScreen({ screen, visible, lng, routerLocation }: AheadProps) {
  // While it waits, the screen sees the address it is drawn for. Shown at that same address, it keeps seeing the
  // same object, so nothing in it draws again; at another (a query, the other generator mode) it sees the real one.
  const drawnFor = useMemo<LocationValue>(
    () => ({
      location: { pathname: lng ? withLanguage(screen.path, lng) : screen.path, search: '', hash: '', state: null, key: 'ahead' },
      // Its header link opens it: a push. (The router's enum by value: the shell provides only part of the router.)
      navigationType: 'PUSH' as LocationValue['navigationType'],
    }),
    [lng, screen.path],
  );
  const atItsAddress = !visible || sameAddress(routerLocation.location, drawnFor.location);
  const value = atItsAddress ? drawnFor : routerLocation;
  // The route around it changes at every move, and each link and navigate in the screen reads it: kept from when the
  // screen was drawn while it is at its own address, a move shows the screen without drawing its links again. Its
  // links and moves are to whole paths, which do not depend on the route they are drawn in.
  const route = useContext(RouteContext);
  const [drawnIn] = useState(route);
  const content = useMemo(() => <PreparedRegion remote={screen.remote} module={screen.module} />, [screen.remote, screen.module]);
  return (
    <Activity mode={visible ? 'visible' : 'hidden'}>
      {createPortal(
        <RouteContext.Provider value={atItsAddress ? drawnIn : route}>
          <LocationContext.Provider value={value}>{content}</LocationContext.Provider>
        </RouteContext.Provider>,
        containerOf(screen),
      )}
    </Activity>
  );
}
