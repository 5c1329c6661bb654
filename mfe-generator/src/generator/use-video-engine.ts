import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api, usePublicRead } from '@reelmint/shared';
import type { VideoEngineName } from '@reelmint/shared';
import { generatorKeys, prefetchGenerator } from '../server-state/generator-queries.tsx';

/** How long the studio waits for the answer before it shows without it (the API may be slow or down). */
export const ENGINE_WAIT_MS = 2000;

/** The deployment's settings, asked once per page: its engine does not change while the page is open. */
const siteConfigQuery = { queryKey: generatorKeys.siteConfig, queryFn: () => api.config(), staleTime: Infinity };

/** Asks for the engine ahead, so a move to the studio shows it at once rather than after the answer. */
export function preloadVideoEngine(): Promise<void> {
  return prefetchGenerator(siteConfigQuery);
}

/**
 * Which engine this deployment renders with (GET /api/config): undefined while asking (at most
 * ENGINE_WAIT_MS), null when there was no answer in time. Unknown is not "local": the preview notice
 * shows only once the server has said so; an answer after the wait still shows it.
 */
export function useVideoEngine(): VideoEngineName | null | undefined {
  // A studio the shell's server drew already says it, from the same answer.
  const drawnWith = usePublicRead('config')?.videoEngine;
  const config = useQuery({ ...siteConfigQuery, enabled: drawnWith === undefined });
  const [waitedLongEnough, setWaitedLongEnough] = useState(false);
  useEffect(() => {
    if (drawnWith !== undefined) return;
    const giveUp = setTimeout(() => setWaitedLongEnough(true), ENGINE_WAIT_MS);
    return () => clearTimeout(giveUp);
  }, [drawnWith]);

  if (drawnWith !== undefined) return drawnWith;
  if (config.data) return config.data.videoEngine;
  // Without the answer nothing is claimed either way; the result and history still label each clip.
  return config.isError || waitedLongEnough ? null : undefined;
}
