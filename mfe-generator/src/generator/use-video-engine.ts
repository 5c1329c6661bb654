import { useEffect, useState } from 'react';
import { api } from '@reelmint/shared';
import type { VideoEngineName } from '@reelmint/shared';

/**
 * Which engine this deployment renders with (GET /api/config), or null until known. Unknown is
 * not "local": the preview notice shows only once the server has said so.
 */
export function useVideoEngine(): VideoEngineName | null {
  const [engine, setEngine] = useState<VideoEngineName | null>(null);
  useEffect(() => {
    let live = true;
    api.config().then(
      (config) => live && setEngine(config.videoEngine),
      // Without the answer nothing is claimed either way; the result and history still label each clip.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return engine;
}
