/** Runtime configuration the shell reads at start (from its server's /config.json) and hands to every app. */
export interface RuntimeConfig {
  /** Origin of the API, e.g. http://localhost:8787. Empty string means same origin. */
  apiBase: string;
  /** Viewer country from the CDN header, passed through by the shell's server. */
  geoCountry: string | null;
}

let current: RuntimeConfig = { apiBase: '', geoCountry: null };

export function configure(next: Partial<RuntimeConfig>): void {
  current = { ...current, ...next };
}

export function runtimeConfig(): RuntimeConfig {
  return current;
}
