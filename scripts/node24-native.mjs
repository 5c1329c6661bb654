// Preloaded (`--import`) into every process scripts/node24.mjs runs on Node 24: a module of better-sqlite3 resolves to
// .run/node24's install of the same version, built for Node 24's ABI, instead of the workspace's, built for the
// Node that installed the workspace. Its `require`s then stay in that install, so its binary is Node 24's too. The
// hooks are synchronous and in the thread (module.registerHooks), so they see `import` and `require` alike, and every
// process started with this NODE_OPTIONS (vitest's forks, the cluster's servers) loads them.
import { registerHooks } from 'node:module';

const NATIVE = ['better-sqlite3'];
const own = new URL('../.run/node24/node_modules/', import.meta.url).href;

registerHooks({
  resolve(specifier, context, nextResolve) {
    const result = nextResolve(specifier, context);
    if (!result.url?.startsWith('file:') || result.url.startsWith(own)) return result;
    for (const name of NATIVE) {
      const marker = `/node_modules/${name}/`;
      const at = result.url.lastIndexOf(marker);
      if (at !== -1) return { ...result, url: `${own}${name}/${result.url.slice(at + marker.length)}` };
    }
    return result;
  },
});
