import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { lazyModule } from '@reelmint/shared/lazy-module';
import { afterPaint } from './after-paint.ts';
// Types only: erased from the build, so the module itself is fetched by the dynamic import below alone.
import type * as PartsModule from './queue-parts.lazy.tsx';

const partsModule = lazyModule<typeof PartsModule>(() => import('./queue-parts.lazy.tsx'));

/**
 * The queue's controls (variations, place and expected start, Cancel), fetched once the studio is on screen. Until
 * they arrive, and in the render that mounts a part, nothing is drawn: a part appears one render after its place does,
 * never in the commit of the state change that made room for it.
 */
export function QueuePart({ children }: { children: (parts: typeof PartsModule) => ReactNode }) {
  const parts = partsModule.useLoaded();
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    setMounted(true);
    // A failed fetch leaves the controls out; the next part mounted tries again.
    return afterPaint(() => {
      partsModule.load().catch(() => undefined);
    });
  }, []);
  return mounted && parts ? children(parts) : null;
}
