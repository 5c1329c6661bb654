/**
 * @reelmint/shared: the contract between the shell and the remotes. Provided once at runtime by the
 * shell as a federation singleton; remotes require a compatible version (see package.json).
 */
export * from '@reelmint/contract/pricing';
export * from '@reelmint/contract/numbers';
export * from '@reelmint/contract/dates';
export * from '@reelmint/contract/plans';
export * from '@reelmint/contract/languages';
export * from './bus.ts';
export * from './config.ts';
export * from './stores/auth.ts';
export * from './stores/credits.ts';
export * from './stores/subscription.ts';
export * from './stores/language.ts';
export * from './api/client.ts';
export * from './api/endpoints.ts';
export * from './api/fallback.ts';
export * from './api/types.ts';
export * from './api/public-reads.ts';
export * from './api/billing-portal.ts';
export * from './ui/localized-link.tsx';

/** The contract version; the shell exposes it so tests and support can see which copy is live. */
export const SHARED_VERSION = '1.0.0';

/**
 * Made once per evaluated copy of this package. The shell and every remote must report the same
 * value; a different one means a remote runs its own copy (two buses, two stores).
 */
export const SHARED_INSTANCE_ID = Math.random().toString(36).slice(2, 10);
export * from './i18n/namespace.ts';
