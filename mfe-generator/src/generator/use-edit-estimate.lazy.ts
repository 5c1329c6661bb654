import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@reelmint/shared';
import { generatorKeys } from '../server-state/generator-queries.tsx';
import { videoApi } from './video-api.ts';
import type { EditEstimate, EditRequest } from './video-api.ts';

type Estimate = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; value: EditEstimate } | { status: 'error'; error: unknown };

/**
 * What `request` would cost, asked of the server a moment after the form settles, so dragging a handle asks once; a
 * change meanwhile drops the question asked before it (its request is cancelled, its answer never shown). Idle while
 * there is nothing to ask (`request` null).
 */
export function useEditEstimate(request: EditRequest | null): Estimate {
  const session = useAuth((s) => s.token);
  const wanted = request ? JSON.stringify(request) : null;
  const [settled, setSettled] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(wanted), 250);
    return () => clearTimeout(timer);
  }, [wanted]);
  const asked = wanted !== null && settled === wanted ? wanted : null;
  const answer = useQuery({
    queryKey: generatorKeys.editEstimate(session, asked),
    queryFn: ({ signal }) => videoApi.estimateEdit(JSON.parse(asked!) as EditRequest, signal),
    enabled: asked !== null,
    // Each form asks afresh: a balance spent since must not offer an edit with an old answer.
    gcTime: 0,
  });
  if (wanted === null) return { status: 'idle' };
  if (asked === null || answer.isPending) return { status: 'loading' };
  if (answer.isError) return { status: 'error', error: answer.error };
  return { status: 'ready', value: answer.data };
}
