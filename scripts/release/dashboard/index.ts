// @reelmint/release/dashboard: what the release dashboard, the canary guard and `release watch` read (the pointer
// and history through the contract's schemas, published versions, visitors' figures) and the release-manager role.
// TypeScript over the contract's types, loaded by the API as its own sources are (the CLI loads it through tsx).
export { versionSeries } from './figures.ts';
export type { Figures, VersionSeries } from './figures.ts';
export type { CanaryView, GuardRules, HistoryEntry, PointerTarget, PointerView, PublishedRelease, ReleaseStoreConfig } from './pointer-view.ts';
export { grantRole, hasRole, revokeRole } from './roles.ts';
export { openReleaseSource } from './source.ts';
export type { ReleaseSource } from './source.ts';
export { watchReport } from './watch.ts';
