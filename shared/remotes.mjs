// The remotes the shell composes, by the names the pointer, the release tools, the API and the shell use.
// Plain JavaScript that imports nothing, so Node scripts, the API and browser code all read this one list.
export const REMOTE_NAMES = Object.freeze(['marketing', 'generator', 'billing']);
