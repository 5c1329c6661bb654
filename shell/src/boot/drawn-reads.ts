import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import type { PublicReadData, PublicReads } from '@reelmint/shared';

let drawnWith: Partial<PublicReadData> | null = null;

/** In the browser: the public reads the server drew this page with (boot data), handed to its screen as it is taken over. */
export function setDrawnReads(reads: Partial<PublicReadData> | null | undefined): void {
  drawnWith = reads ?? null;
}

export const drawnReads: PublicReads = { read: (name) => drawnWith?.[name] };

/**
 * Forgets them once the visitor moves to another address: a screen opened later, or this one opened again, loads
 * fresh data instead of the page's first answers.
 */
export function useForgetDrawnReads(): void {
  const { key } = useLocation();
  const first = useRef(key);
  useEffect(() => {
    if (key !== first.current) drawnWith = null;
  }, [key]);
}
