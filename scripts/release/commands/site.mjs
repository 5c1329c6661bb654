// The commands that publish a version or look at the site without changing what it runs: publish, list,
// smoke, status and history.
import { join, resolve } from 'node:path';
import { REMOTE_NAMES, entryUrl, remoteReleasesDir } from '../config.mjs';
import { readShellBuild } from '../compat.mjs';
import { checkBucket, uploadRelease } from '../bucket.mjs';
import { listReleases, publish } from '../releases.mjs';
import { describeTarget, fail, requireRemote, runSmoke } from './common.mjs';

/** @type {Record<string, (context: import('./common.mjs').CommandContext, positionals: string[], options: Record<string, unknown>) => Promise<void>>} */
export const siteCommands = {
  async publish({ config, store, say, actor }, [input], options) {
    const name = requireRemote(input);
    // A bucket that does not answer refuses the publish before anything is written.
    if (config.bucket) await checkBucket(config.bucket);
    const release = publish(config, name, {
      dist: options.dist ? resolve(options.dist) : undefined,
      version: options.version,
      allowDirty: options['allow-dirty'],
      actor: actor(),
      reason: options.reason ?? null,
    });
    await store.append({
      at: release.publishedAt,
      actor: release.publishedBy,
      action: 'publish',
      remote: name,
      reason: release.reason,
      to: release.version,
    });
    say(`Published ${name} ${release.version}`);
    if (config.bucket) await upload(config, name, release.version, say);
    say(
      `  requires shared ${release.sharedContract ?? '(none)'}; built ${release.build.builtAt} from ${release.build.commit}${release.build.dirty ? ' with uncommitted changes' : ''}`,
    );
    say(`  served at ${entryUrl(config, name, release.version)}`);
    say(`Make it live with: npm run release -- promote ${name} ${release.version} --reason "<why>"`);
  },

  async upload({ config, say }, [input, version]) {
    const name = requireRemote(input);
    if (!config.bucket) fail('upload needs a bucket: set RELEASES_BUCKET (and S3_ENDPOINT for a bucket outside AWS)');
    if (!version || !listReleases(config, name).some((release) => release.version === version)) {
      fail(`${name} ${version ?? '(no version given)'} is not published here: npm run release -- list ${name}`);
    }
    await checkBucket(config.bucket);
    await upload(config, name, version, say);
  },

  async list({ config, store, say }, [input]) {
    const name = requireRemote(input);
    const target = (await store.read()).remotes[name];
    const releases = listReleases(config, name);
    say(`${name}: live ${describeTarget(target)}`);
    if (releases.length === 0) say('  no published versions yet (npm run release -- publish ' + name + ')');
    for (const release of releases) {
      const marks = [];
      if (target?.version === release.version) marks.push('LIVE');
      if (target?.canary?.version === release.version) marks.push(`CANARY ${target.canary.percent}%`);
      if (target?.previous?.at(-1) === release.version) marks.push('rollback target');
      say(
        `  ${release.version.padEnd(32)} ${release.publishedAt}  by ${release.publishedBy}  shared ${release.sharedContract ?? '-'}${marks.length ? `  [${marks.join(', ')}]` : ''}`,
      );
    }
  },

  async smoke(context, [input, version]) {
    const name = requireRemote(input);
    const target = (await context.store.read()).remotes[name];
    const chosen = version ?? target?.version;
    if (!chosen) fail(`${name} has no live version to check`);
    const viaOverride = chosen !== target?.version || Boolean(target?.canary);
    await runSmoke(context, name, chosen, { viaOverride, afterPromote: chosen === target?.version });
  },

  async status({ config, store, say }) {
    const document = await store.read();
    const history = await store.history();
    let shellLine;
    try {
      const { provides } = readShellBuild(config.shellDist);
      shellLine = `shell      provides shared ${provides['@reelmint/shared'] ?? '?'}, react ${provides.react ?? '?'}, react-router-dom ${provides['react-router-dom'] ?? '?'}, i18next ${provides.i18next ?? '?'}`;
    } catch (error) {
      shellLine = `shell      ${error.message}`;
    }
    say(`Site composition (${store.where})`);
    say(shellLine);
    for (const name of REMOTE_NAMES) {
      const target = document.remotes[name];
      const last = history.findLast((entry) => entry.remote === name && entry.action !== 'publish');
      say(`${name.padEnd(10)} live ${describeTarget(target)}`);
      if (target) say(`${''.padEnd(10)} ${target.entry}`);
      if (last) say(`${''.padEnd(10)} last change: ${last.action} by ${last.actor} at ${last.at}${last.reason ? `: ${last.reason}` : ''}`);
    }
  },

  async history({ store, say }, [input]) {
    const name = input ? requireRemote(input) : null;
    const entries = (await store.history()).filter((entry) => !name || entry.remote === name);
    if (entries.length === 0) say('No changes recorded yet.');
    for (const entry of entries.slice(-30)) {
      const change = entry.from !== undefined || entry.to !== undefined ? ` ${entry.from ?? '(none)'} -> ${entry.to ?? '(none)'}` : '';
      say(`${entry.at}  ${entry.actor}  ${entry.action} ${entry.remote ?? ''}${change}${entry.reason ? `  "${entry.reason}"` : ''}`);
    }
  },
};

async function upload(config, name, version, say) {
  const { files, prefix } = await uploadRelease(config.bucket, name, version, join(remoteReleasesDir(config, name), version));
  say(`  uploaded ${files} files to the bucket ${config.bucket.name} under ${prefix}`);
}
