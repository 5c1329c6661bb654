import type { RuntimeConfig } from '@reelmint/contract/site-api';

/** Runtime configuration the shell reads at start (from its server's /config.json) and hands to every app. */
export type { RuntimeConfig };

let current: RuntimeConfig = { apiBase: '', geoCountry: null };

export function configure(next: Partial<RuntimeConfig>): void {
  current = { ...current, ...next };
}

export function runtimeConfig(): RuntimeConfig {
  return current;
}
