import { useEffect, useState } from 'react';
import { api } from '@reelmint/shared';
import type { VideoEngineName } from '@reelmint/shared';

/** How long the studio waits for the answer before it shows without it (the API may be slow or down). */
export const ENGINE_WAIT_MS = 2000;

/**
 * Which engine this deployment renders with (GET /api/config): undefined while asking (at most
 * ENGINE_WAIT_MS), null when there was no answer in time. Unknown is not "local": the preview notice
 * shows only once the server has said so.
 */
export function useVideoEngine(): VideoEngineName | null | undefined {
  const [engine, setEngine] = useState<VideoEngineName | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const giveUp = setTimeout(() => live && setEngine((known) => (known === undefined ? null : known)), ENGINE_WAIT_MS);
    api.config().then(
      (config) => live && setEngine(config.videoEngine),
      // Without the answer nothing is claimed either way; the result and history still label each clip.
      () => live && setEngine((known) => known ?? null),
    );
    return () => {
      live = false;
      clearTimeout(giveUp);
    };
  }, []);
  return engine;
}
