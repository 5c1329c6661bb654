// The input of this remote's server build (`vite build --ssr src/ssr-entry.ts`): the federation plugin writes
// remoteEntry.ssr.js, the exposed screens for Node, beside it; the shell's server draws public pages with them.
export {};
