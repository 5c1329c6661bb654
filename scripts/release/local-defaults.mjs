// What `npm start` does to the pointer before serving: a remote with no promoted version runs the
// fresh build in its dist folder ("local"), so the site works without any release step.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LOCAL_VERSION, REMOTE_NAMES, entryUrl, releasesBaseUrl, remoteReleasesDir } from './config.mjs';

/** Points every remote without a live version at its local build (in the pointer's store); returns, per remote, a line saying what is live. */
export async function ensureLocalDefaults(config, store) {
  for (const name of REMOTE_NAMES) {
    await store.change(
      { action: 'start-local', remote: name, actor: 'npm start', reason: 'no published version is live; serving the local build' },
      (document) => {
        const current = document.remotes[name];
        const local = { version: LOCAL_VERSION, entry: entryUrl(config, name, LOCAL_VERSION), releases: releasesBaseUrl(config, name) };
        if (current && current.version !== LOCAL_VERSION) return null;
        // Keep the local entry in step with the origins this run serves (PUBLIC_HOST may have changed).
        if (current && current.entry === local.entry && current.releases === local.releases) return null;
        document.remotes[name] = { ...current, ...local };
        return { document, summary: { from: current?.version ?? null, to: LOCAL_VERSION } };
      },
    );
  }
  const { remotes } = await store.read();
  const site = {};
  for (const name of REMOTE_NAMES) {
    const target = remotes[name];
    if (target.version === LOCAL_VERSION) {
      site[name] = 'local build';
      continue;
    }
    const missing = !existsSync(join(remoteReleasesDir(config, name), target.version, 'release.json'));
    site[name] = `${target.version}${target.canary ? ` (canary ${target.canary.version} at ${target.canary.percent}%)` : ''}${
      missing ? ' -- NOT FOUND in the releases folder, its regions will show the fallback' : ''
    }`;
  }
  return site;
}
