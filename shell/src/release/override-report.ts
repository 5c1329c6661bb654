import type { Override, Refusal } from './overrides.ts';

/** What the banner shows: the overrides in force in this browser and the ones just refused. */
export interface OverrideReport {
  active: Override[];
  refused: Refusal[];
}

let report: OverrideReport = { active: [], refused: [] };
const listeners = new Set<() => void>();

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
