#!/usr/bin/env node
// `npm run release -- <command>`: publish a remote's build as an immutable version, and choose which
// published version of each remote the site runs (live, canary, rollback). The commands are in commands/.
import { runRelease } from './commands/run.mjs';

process.exitCode = await runRelease(process.argv.slice(2), {
  // The commands on the API's database share the contract's TypeScript with the API; plain Node reads it through tsx.
  loadTypeScript: async () => (await import('tsx/esm/api')).register(),
});
