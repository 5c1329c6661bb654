import type { Override, OverrideRequest, Refusal } from './overrides.ts';

/**
 * What the banner shows: the overrides in force in this browser, the ones just refused, and the ones
 * kept but not applied on this visit because whether they are published could not be checked.
 */
export interface OverrideReport {
  active: Override[];
  refused: Refusal[];
  unchecked: OverrideRequest[];
}

/** What a page the server drew shows: the server cannot see the overrides kept in the browser's storage. */
export const NO_OVERRIDES: OverrideReport = Object.freeze({ active: [], refused: [], unchecked: [] });

let report: OverrideReport = NO_OVERRIDES;
const listeners = new Set<() => void>();

/** Whether the report has nothing to say (no banner then). */
export function isQuietReport(report: OverrideReport): boolean {
  return report.active.length === 0 && report.refused.length === 0 && report.unchecked.length === 0;
}

export function getOverrideReport(): OverrideReport {
  return report;
}

export function setOverrideReport(next: OverrideReport): void {
  report = next;
  for (const listener of listeners) listener();
}

export function subscribeOverrideReport(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
