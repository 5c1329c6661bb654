// The remotes the shell composes, by the names the pointer, the release tools, the API and the shell use,
// and the local port of every deployable. Plain JavaScript that imports nothing, so Node scripts, the API,
// configs and browser code all read these one definitions.
export const REMOTE_NAMES = Object.freeze(['marketing', 'generator', 'billing']);

/** The local origins, one per deployable (the README's Origins table): http://localhost:<port>. */
export const PORTS = Object.freeze({ shell: 5173, marketing: 5174, generator: 5175, billing: 5176, api: 8787 });
