import { Suspense, useEffect } from 'react';
import type { ComponentType } from 'react';
import { lazyModule } from '@reelmint/shared/lazy-module';
import { afterPaint } from './after-paint.ts';

/**
 * A part of the studio whose code (a `.lazy.tsx` module, outside the screens chunk) is fetched once the part is first
 * drawn and painted, not with the page nor in the move that shows the studio; nothing is shown until it has arrived,
 * or if it cannot be fetched.
 */
export function lazySlot<P extends object>(importer: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const module = lazyModule(importer);
  return function LazySlot(props: P) {
    const loaded = module.useLoaded();
    useEffect(() => {
      return afterPaint(() => {
        module.load().catch(() => undefined);
      });
    }, []);
    if (!loaded) return null;
    const Part = loaded.default;
    // Its strings load with it: only this part waits for them.
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  };
}
