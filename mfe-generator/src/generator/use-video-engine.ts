import { useEffect, useRef, useState } from 'react';
import { api, usePublicRead } from '@reelmint/shared';
import type { VideoEngineName } from '@reelmint/shared';

/** How long the studio waits for the answer before it shows without it (the API may be slow or down). */
export const ENGINE_WAIT_MS = 2000;

/**
 * Which engine this deployment renders with (GET /api/config): undefined while asking (at most
 * ENGINE_WAIT_MS), null when there was no answer in time. Unknown is not "local": the preview notice
 * shows only once the server has said so.
 */
export function useVideoEngine(): VideoEngineName | null | undefined {
  // A studio the shell's server drew already says it, from the same answer.
  const drawnWith = usePublicRead('config')?.videoEngine;
  const [engine, setEngine] = useState<VideoEngineName | null | undefined>(drawnWith);
  const known = useRef(drawnWith !== undefined);
  useEffect(() => {
    if (known.current) return;
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
