#!/usr/bin/env node
// `npm run release -- <command>`: publish a remote's build as an immutable version, and choose
// which published version of each remote the site runs (live, canary, rollback).
import { execFileSync, spawnSync } from 'node:child_process';
import { userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LOCAL_VERSION, REMOTE_NAMES, ROOT, entryUrl, releaseConfig, releasesBaseUrl, remoteName } from './config.mjs';
import { compatibilityProblems, readShellBuild } from './compat.mjs';
import { openPointerStore, pushPrevious } from './pointer-store.mjs';
import { ReleaseError, listReleases, publish, readRelease } from './releases.mjs';
import { smokeCheck } from './smoke.mjs';

const USAGE = `Usage: npm run release -- <command>

  publish <remote> [--version 1.4.2] [--dist <folder>] [--allow-dirty] [--reason <why>]
                                     publish <remote>'s build as <version>+<commit>
  list <remote>                      published versions; which is live, which is canary
  promote <remote> <version|local> --reason <why> [--no-smoke]
                                     make a version live (ends any canary), then smoke-check it
  rollback <remote> --reason <why> [--no-smoke]
                                     return to the version that was live before
  canary <remote> <version> <percent> --reason <why> [--no-smoke]
         [--guard [--min-visits 50] [--error-margin 5] [--p75-margin 25]
                  [--steps 25,50,100 [--step-minutes 10]]]
  canary <remote> off --reason <why> show a version to a stable share of visitors, or stop;
                                     with --guard the canary stops itself when its error rate
                                     (percentage points) or p75 load time (%) is worse than stable's
                                     by more than the margins once it has --min-visits visits;
                                     with --steps it widens to each share in turn while healthy
                                     (each step at least --min-visits visits and --step-minutes),
                                     and a step of 100 promotes it
  guard-stop <remote> --canary-version <v> --reason <why> --figures <json>
                                     what the guard runs: smoke-checks the stable version, then
                                     stops the canary (or leaves the pointer and records why not)
  guard-widen <remote> --canary-version <v> --reason <why> --figures <json>
                                     what the guard runs on a healthy step: smoke-checks the canary,
                                     then widens it to its next step, or promotes it at 100
  smoke <remote> [<version>]         load a page of <remote> in headless Chromium on the running site
  status                             the whole site's composition
  history [<remote>]                 the last changes, with who, when and why
  watch [--once] [--minutes 60] [--every 5]
                                     live figures per version (visits, errors, p50/p75/p95 load)
                                     from visitors' reports, with canaries and the last change
  grant-release-manager <email>      let this account open the release dashboard (the API's database)
  revoke-release-manager <email>     take that away again

<remote> is marketing, generator or billing (or mfe-<name>). "local" is the build in mfe-<name>/dist.`;

/** Exit codes: 1 usage or failure, 2 refused because of compatibility, 3 the smoke check failed. */
const REFUSED = 2;
const SMOKE_FAILED = 3;

function actor() {
  if (process.env.RELEASE_ACTOR) return process.env.RELEASE_ACTOR;
  try {
    const name = execFileSync('git', ['config', 'user.name'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (name) return name;
  } catch {
    // No git identity: the operating system's user still says who it was.
  }
  return userInfo().username;
}

function fail(message, code = 1) {
  const error = new ReleaseError(message);
  error.exitCode = code;
  throw error;
}

function requireRemote(input) {
  const name = remoteName(input);
  if (!name) fail(`"${input ?? ''}" is not a remote. Remotes: ${REMOTE_NAMES.join(', ')}`);
  return name;
}

function requireReason(reason, command) {
  if (!reason || !reason.trim()) fail(`${command} needs --reason "<why>": every change of the pointer is recorded with who, when and why`);
  return reason.trim();
}

function describeTarget(target) {
  if (!target) return 'nothing (its regions show the fallback)';
  const canary = target.canary ? `, canary ${target.canary.version} for ${target.canary.percent}% of visitors` : '';
  return `${target.version}${target.version === LOCAL_VERSION ? ' (the build in its dist folder)' : ''}${canary}`;
}

/** Refuses a release the live shell cannot host, saying what does not match. */
function assertCompatible(config, name, release) {
  const shell = readShellBuild(config.shellDist);
  const problems = compatibilityProblems(release.requires ?? {}, shell.provides);
  if (problems.length === 0) return;
  fail(
    `Refused: ${name} ${release.version} is not compatible with the live shell:\n${problems.map((problem) => `  - ${problem.message}`).join('\n')}\n` +
      `Publish a build made against the shell's contract, or release a shell that provides these first.`,
    REFUSED,
  );
}

function requireRelease(config, name, version) {
  const release = readRelease(config, name, version);
  if (release) return release;
  if (version === LOCAL_VERSION) fail(`${name} has no local build: run npm run build -w mfe-${name}`);
  fail(
    `${name} ${version} is not published. Published versions: ${
      listReleases(config, name)
        .map((r) => r.version)
        .join(', ') || 'none'
    }`,
  );
}

function liveTarget(config, name, version) {
  return { version, entry: entryUrl(config, name, version), releases: releasesBaseUrl(config, name) };
}

async function runSmoke(config, name, version, { viaOverride, afterPromote }) {
  console.log(`Smoke check: loading a ${name} page on ${config.shellOrigin} in headless Chromium...`);
  let result;
  try {
    result = await smokeCheck({ shellOrigin: config.shellOrigin, remote: name, version, viaOverride });
  } catch (error) {
    // The change is already made: whatever broke, the person must still get the command that undoes it.
    result = { status: 'failed', message: `the check itself broke (${error instanceof Error ? error.message.split('\n')[0] : error})` };
  }
  if (result.status === 'passed') {
    console.log(`Smoke check passed: ${result.message}.`);
    return;
  }
  if (result.status === 'skipped') {
    console.log(`Smoke check skipped: ${result.message}. Run it once the site is up: npm run release -- smoke ${name} ${version}`);
    return;
  }
  const undo = afterPromote
    ? `Roll back with: npm run release -- rollback ${name} --reason "smoke check failed"`
    : `Stop the canary with: npm run release -- canary ${name} off --reason "smoke check failed"`;
  fail(`Smoke check FAILED: ${result.message}.\n${undo}`, SMOKE_FAILED);
}

/** The smoke check's result without failing the command (for callers that decide what a failure means). */
async function smokeOutcome(config, name, version, viaOverride) {
  console.log(`Smoke check: loading a ${name} page on ${config.shellOrigin} in headless Chromium...`);
  try {
    const result = await smokeCheck({ shellOrigin: config.shellOrigin, remote: name, version, viaOverride });
    console.log(`Smoke check ${result.status}: ${result.message}.`);
    return result;
  } catch (error) {
    return { status: 'failed', message: `the check itself broke (${error instanceof Error ? error.message.split('\n')[0] : error})` };
  }
}

const formatPercent = (fraction) => `${Math.round(fraction * 1000) / 10}%`;

/** --guard's rules: margins are given in percent (points for the error rate) and kept as fractions. */
function guardRules(options, percent) {
  const number = (flag, fallback, min, max) => {
    if (options[flag] === undefined) return fallback;
    const value = Number(options[flag]);
    if (!Number.isFinite(value) || value < min || value > max) fail(`--${flag} must be a number from ${min} to ${max}`);
    return value;
  };
  const minVisits = number('min-visits', 50, 1, 1_000_000);
  if (!Number.isInteger(minVisits)) fail('--min-visits must be a whole number');
  const rules = { minVisits, errorMargin: number('error-margin', 5, 0, 100) / 100, p75Margin: number('p75-margin', 25, 0, 1000) / 100 };
  if (options.steps === undefined) {
    if (options['step-minutes'] !== undefined) fail('--step-minutes goes with --steps');
    return rules;
  }
  return { ...rules, steps: guardSteps(options.steps, percent), stepMinutes: number('step-minutes', 10, 0, 7 * 24 * 60) };
}

/** `--steps 25,50,100`: the shares a healthy canary widens to, each above the one before and the canary's own. */
function guardSteps(text, percent) {
  const steps = text.split(',').map((part) => Number(part.trim()));
  const valid =
    steps.length >= 1 &&
    steps.length <= 10 &&
    steps.every((step, index) => Number.isFinite(step) && step > (index === 0 ? percent : steps[index - 1]) && step <= 100);
  if (!valid) fail(`--steps must be up to 10 shares, rising, above the canary's ${percent}% and at most 100 (for example 25,50,100)`);
  return steps;
}

/** The share a guarded canary widens to next, or null when it has no step left. */
function nextStep(canary) {
  return canary.guard?.steps?.find((step) => step > canary.percent) ?? null;
}

/** --figures: what the guard saw, as JSON. */
function guardFigures(options) {
  let figures;
  try {
    figures = JSON.parse(options.figures ?? 'null');
  } catch {
    fail('--figures must be JSON');
  }
  if (!figures || typeof figures !== 'object') fail("the guard's commands need --figures: what the guard saw");
  return figures;
}

const commands = {
  async publish(config, [input], options) {
    const name = requireRemote(input);
    const release = publish(config, name, {
      dist: options.dist ? resolve(options.dist) : undefined,
      version: options.version,
      allowDirty: options['allow-dirty'],
      actor: actor(),
      reason: options.reason ?? null,
    });
    await config.store.append({
      at: release.publishedAt,
      actor: release.publishedBy,
      action: 'publish',
      remote: name,
      reason: release.reason,
      to: release.version,
    });
    console.log(`Published ${name} ${release.version}`);
    console.log(
      `  requires shared ${release.sharedContract ?? '(none)'}; built ${release.build.builtAt} from ${release.build.commit}${release.build.dirty ? ' with uncommitted changes' : ''}`,
    );
    console.log(`  served at ${entryUrl(config, name, release.version)}`);
    console.log(`Make it live with: npm run release -- promote ${name} ${release.version} --reason "<why>"`);
  },

  async list(config, [input]) {
    const name = requireRemote(input);
    const target = (await config.store.read()).remotes[name];
    const releases = listReleases(config, name);
    console.log(`${name}: live ${describeTarget(target)}`);
    if (releases.length === 0) console.log('  no published versions yet (npm run release -- publish ' + name + ')');
    for (const release of releases) {
      const marks = [];
      if (target?.version === release.version) marks.push('LIVE');
      if (target?.canary?.version === release.version) marks.push(`CANARY ${target.canary.percent}%`);
      if (target?.previous?.at(-1) === release.version) marks.push('rollback target');
      console.log(
        `  ${release.version.padEnd(32)} ${release.publishedAt}  by ${release.publishedBy}  shared ${release.sharedContract ?? '-'}${marks.length ? `  [${marks.join(', ')}]` : ''}`,
      );
    }
  },

  async promote(config, [input, version], options) {
    const name = requireRemote(input);
    if (!version) fail('promote needs a version: npm run release -- promote <remote> <version>');
    const reason = requireReason(options.reason, 'promote');
    const release = requireRelease(config, name, version);
    assertCompatible(config, name, release);
    const result = await config.store.change({ action: 'promote', remote: name, actor: actor(), reason }, (document) => {
      const current = document.remotes[name];
      if (current?.version === version && !current.canary) return null;
      document.remotes[name] = {
        ...liveTarget(config, name, version),
        previous: current && current.version !== version ? pushPrevious(current, current.version) : (current?.previous ?? []),
      };
      return { document, summary: { from: current?.version ?? null, to: version, endedCanary: current?.canary?.version ?? null } };
    });
    if (!result.changed) {
      console.log(`${name} is already live at ${version}; nothing changed.`);
      return;
    }
    console.log(`${name}: live ${result.entry.from ?? '(none)'} -> ${version}`);
    if (result.entry.endedCanary) console.log(`${name}: canary ${result.entry.endedCanary} ended`);
    if (!options['no-smoke']) await runSmoke(config, name, version, { viaOverride: false, afterPromote: true });
  },

  async rollback(config, [input], options) {
    const name = requireRemote(input);
    const reason = requireReason(options.reason, 'rollback');
    const before = (await config.store.read()).remotes[name];
    const target = before?.previous?.at(-1);
    if (!target) fail(`${name} has no earlier live version to roll back to`);
    assertCompatible(config, name, requireRelease(config, name, target));
    const result = await config.store.change({ action: 'rollback', remote: name, actor: actor(), reason }, (document) => {
      const current = document.remotes[name];
      const previous = [...(current?.previous ?? [])];
      const to = previous.pop();
      if (to !== target) fail(`${name} changed while rolling back; run the command again`);
      document.remotes[name] = { ...liveTarget(config, name, to), previous, ...(current.canary ? { canary: current.canary } : {}) };
      return { document, summary: { from: current.version, to } };
    });
    console.log(`${name}: live ${result.entry.from} -> ${result.entry.to} (rolled back)`);
    if (!options['no-smoke']) await runSmoke(config, name, target, { viaOverride: Boolean(result.document.remotes[name].canary), afterPromote: true });
  },

  async canary(config, [input, version, percentText], options) {
    const name = requireRemote(input);
    if (!version) fail('canary needs a version and a percentage, or "off"');
    const reason = requireReason(options.reason, 'canary');
    if (version === 'off') {
      const result = await config.store.change({ action: 'canary-off', remote: name, actor: actor(), reason }, (document) => {
        const current = document.remotes[name];
        if (!current?.canary) return null;
        const { canary, ...rest } = current;
        document.remotes[name] = rest;
        return { document, summary: { from: canary.version, percent: canary.percent } };
      });
      console.log(
        result.changed
          ? `${name}: canary ${result.entry.from} (${result.entry.percent}%) stopped; everyone gets ${result.document.remotes[name].version}`
          : `${name} has no canary; nothing changed.`,
      );
      return;
    }
    const percent = Number(percentText);
    if (!Number.isFinite(percent) || percent <= 0 || percent >= 100)
      fail('The canary percentage must be a number above 0 and below 100 (for everyone, promote the version)');
    if (version === LOCAL_VERSION) fail('A canary must be a published version');
    if (!options.guard && (options.steps !== undefined || options['step-minutes'] !== undefined))
      fail('--steps needs --guard: only a guarded canary widens itself');
    const guard = options.guard ? guardRules(options, percent) : undefined;
    const release = requireRelease(config, name, version);
    assertCompatible(config, name, release);
    const result = await config.store.change({ action: 'canary', remote: name, actor: actor(), reason }, (document) => {
      const current = document.remotes[name];
      if (!current) fail(`${name} has no live version yet: promote one first`);
      if (current.version === version) fail(`${name} ${version} is already live`);
      if (current.canary?.version === version && current.canary.percent === percent) return null;
      const keepSince = current.canary?.version === version ? current.canary.since : undefined;
      const keptGuard = guard ?? (current.canary?.version === version ? current.canary.guard : undefined);
      const now = new Date().toISOString();
      document.remotes[name] = {
        ...current,
        canary: {
          version,
          entry: entryUrl(config, name, version),
          percent,
          since: keepSince ?? now,
          // A new share starts a new step: a guard that widens counts this step's visits and time from here.
          stepSince: now,
          ...(keptGuard ? { guard: keptGuard } : {}),
        },
      };
      return { document, summary: { from: current.canary ? `${current.canary.version} ${current.canary.percent}%` : null, to: `${version} ${percent}%` } };
    });
    if (!result.changed) {
      console.log(`${name} already has canary ${version} at ${percent}%; nothing changed.`);
      return;
    }
    console.log(
      `${name}: canary ${result.entry.from ?? '(none)'} -> ${version} for ${percent}% of visitors (live stays ${result.document.remotes[name].version})`,
    );
    const rules = result.document.remotes[name].canary.guard;
    if (rules) {
      console.log(
        `${name}: guarded: stops itself after ${rules.minVisits} visits if its error rate is over ${formatPercent(rules.errorMargin)} points or its p75 load time over ${formatPercent(rules.p75Margin)} worse than ${result.document.remotes[name].version}`,
      );
      if (rules.steps) {
        console.log(
          `${name}: widens while healthy to ${rules.steps.map((step) => `${step}%`).join(', ')} (each step at least ${rules.minVisits} visits and ${rules.stepMinutes} minutes)${rules.steps.at(-1) === 100 ? '; at 100% it is promoted' : ''}`,
        );
      }
    }
    if (!options['no-smoke']) await runSmoke(config, name, version, { viaOverride: true, afterPromote: false });
  },

  async 'guard-stop'(config, [input], options) {
    const name = requireRemote(input);
    const reason = requireReason(options.reason, 'guard-stop');
    const canaryVersion = options['canary-version'];
    if (!canaryVersion) fail('guard-stop needs --canary-version: the canary the figures are about');
    const figures = guardFigures(options);
    const before = (await config.store.read()).remotes[name];
    if (before?.canary?.version !== canaryVersion) {
      console.log(`${name} has no canary ${canaryVersion} any more; nothing changed.`);
      return;
    }
    // Check the version everyone would return to before moving them: a stop that cannot show a working
    // page would trade a bad canary for a broken site, so the pointer stays and the history says why.
    if (!options['no-smoke']) {
      const result = await smokeOutcome(config, name, before.version, Boolean(before.canary));
      if (result.status === 'failed') {
        await config.store.append({
          at: new Date().toISOString(),
          actor: actor(),
          action: 'guard-stop-failed',
          remote: name,
          reason: `${reason}; not stopped: the smoke check of ${before.version} failed (${result.message})`,
          from: canaryVersion,
          to: before.version,
          figures,
        });
        fail(
          `Smoke check of ${name} ${before.version} FAILED: ${result.message}. The canary ${canaryVersion} was left running; stop it by hand once the stable version works.`,
          SMOKE_FAILED,
        );
      }
    }
    const result = await config.store.change({ action: 'guard-stop', remote: name, actor: actor(), reason }, (document) => {
      const current = document.remotes[name];
      if (current?.canary?.version !== canaryVersion) return null;
      const { canary, ...rest } = current;
      document.remotes[name] = rest;
      return { document, summary: { from: canary.version, to: current.version, percent: canary.percent, figures } };
    });
    console.log(
      result.changed
        ? `${name}: canary ${canaryVersion} stopped by its guard; everyone gets ${result.document.remotes[name].version}`
        : `${name} has no canary ${canaryVersion} any more; nothing changed.`,
    );
  },

  async 'guard-widen'(config, [input], options) {
    const name = requireRemote(input);
    const reason = requireReason(options.reason, 'guard-widen');
    const canaryVersion = options['canary-version'];
    if (!canaryVersion) fail('guard-widen needs --canary-version: the canary the figures are about');
    const figures = guardFigures(options);
    const before = (await config.store.read()).remotes[name];
    const next = before?.canary?.version === canaryVersion ? nextStep(before.canary) : null;
    if (next === null) {
      console.log(`${name} has no canary ${canaryVersion} with a step left; nothing changed.`);
      return;
    }
    const promote = next >= 100;
    // At 100 the canary becomes the live version: the same compatibility check as a person's promote.
    if (promote) assertCompatible(config, name, requireRelease(config, name, canaryVersion));
    // Check the canary before more visitors get it: a widening that cannot show a working page is not made.
    if (!options['no-smoke']) {
      const result = await smokeOutcome(config, name, canaryVersion, true);
      if (result.status === 'failed') {
        await config.store.append({
          at: new Date().toISOString(),
          actor: actor(),
          action: 'guard-widen-failed',
          remote: name,
          reason: `${reason}; not widened: the smoke check of ${canaryVersion} failed (${result.message})`,
          from: `${canaryVersion} ${before.canary.percent}%`,
          to: promote ? canaryVersion : `${canaryVersion} ${next}%`,
          figures,
        });
        fail(`Smoke check of ${name} ${canaryVersion} FAILED: ${result.message}. The canary stays at ${before.canary.percent}%.`, SMOKE_FAILED);
      }
    }
    const result = await config.store.change({ action: promote ? 'guard-promote' : 'guard-widen', remote: name, actor: actor(), reason }, (document) => {
      const current = document.remotes[name];
      // Someone changed the canary since the guard looked: its figures are about something else now.
      if (current?.canary?.version !== canaryVersion || current.canary.percent !== before.canary.percent) return null;
      if (promote) {
        document.remotes[name] = { ...liveTarget(config, name, canaryVersion), previous: pushPrevious(current, current.version) };
        return { document, summary: { from: current.version, to: canaryVersion, figures } };
      }
      document.remotes[name] = { ...current, canary: { ...current.canary, percent: next, stepSince: new Date().toISOString() } };
      return { document, summary: { from: `${canaryVersion} ${current.canary.percent}%`, to: `${canaryVersion} ${next}%`, figures } };
    });
    if (!result.changed) {
      console.log(`${name}'s canary changed while the guard looked; nothing changed.`);
      return;
    }
    console.log(
      promote
        ? `${name}: canary ${canaryVersion} promoted by its guard; live ${result.entry.from} -> ${canaryVersion}`
        : `${name}: canary ${canaryVersion} widened by its guard: ${result.entry.from} -> ${result.entry.to}`,
    );
  },

  async smoke(config, [input, version]) {
    const name = requireRemote(input);
    const target = (await config.store.read()).remotes[name];
    const chosen = version ?? target?.version;
    if (!chosen) fail(`${name} has no live version to check`);
    const viaOverride = chosen !== target?.version || Boolean(target?.canary);
    await runSmoke(config, name, chosen, { viaOverride, afterPromote: chosen === target?.version });
  },

  async status(config) {
    const document = await config.store.read();
    const history = await config.store.history();
    let shellLine;
    try {
      const { provides } = readShellBuild(config.shellDist);
      shellLine = `shell      provides shared ${provides['@reelmint/shared'] ?? '?'}, react ${provides.react ?? '?'}, react-router-dom ${provides['react-router-dom'] ?? '?'}, i18next ${provides.i18next ?? '?'}`;
    } catch (error) {
      shellLine = `shell      ${error.message}`;
    }
    console.log(`Site composition (${config.store.where})`);
    console.log(shellLine);
    for (const name of REMOTE_NAMES) {
      const target = document.remotes[name];
      const last = history.findLast((entry) => entry.remote === name && entry.action !== 'publish');
      console.log(`${name.padEnd(10)} live ${describeTarget(target)}`);
      if (target) console.log(`${''.padEnd(10)} ${target.entry}`);
      if (last) console.log(`${''.padEnd(10)} last change: ${last.action} by ${last.actor} at ${last.at}${last.reason ? `: ${last.reason}` : ''}`);
    }
  },

  async history(config, [input]) {
    const name = input ? requireRemote(input) : null;
    const entries = (await config.store.history()).filter((entry) => !name || entry.remote === name);
    if (entries.length === 0) console.log('No changes recorded yet.');
    for (const entry of entries.slice(-30)) {
      const change = entry.from !== undefined || entry.to !== undefined ? ` ${entry.from ?? '(none)'} -> ${entry.to ?? '(none)'}` : '';
      console.log(`${entry.at}  ${entry.actor}  ${entry.action} ${entry.remote ?? ''}${change}${entry.reason ? `  "${entry.reason}"` : ''}`);
    }
  },
};

/**
 * Roles live in the API's database, so the API's own code changes them, run with the same environment
 * (DATABASE_URL or DATA_DIR) as the API.
 */
function roleCommand(action, email) {
  if (!email || !email.includes('@'))
    fail(`${action}-release-manager needs the email of an account: npm run release -- ${action}-release-manager someone@example.com`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/release/roles-command.ts', action, email, actor()], {
    cwd: join(ROOT, 'api'),
    stdio: 'inherit',
  });
  if (result.status !== 0) fail(`${action}-release-manager did not complete`);
}

commands.watch = async (_config, _positionals, options) => {
  const args = [
    '--import',
    'tsx',
    'src/release/watch-command.ts',
    '--minutes',
    options.minutes ?? '60',
    '--every',
    options.every ?? '5',
    ...(options.once ? ['--once'] : []),
  ];
  const result = spawnSync(process.execPath, args, { cwd: join(ROOT, 'api'), stdio: 'inherit' });
  if (result.status !== 0) fail('watch stopped with an error');
};

commands['grant-release-manager'] = async (_config, [email]) => roleCommand('grant', email);
commands['revoke-release-manager'] = async (_config, [email]) => roleCommand('revoke', email);

async function main(argv) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      reason: { type: 'string', short: 'm' },
      version: { type: 'string' },
      dist: { type: 'string' },
      'allow-dirty': { type: 'boolean', default: false },
      'no-smoke': { type: 'boolean', default: false },
      guard: { type: 'boolean', default: false },
      'min-visits': { type: 'string' },
      'error-margin': { type: 'string' },
      'p75-margin': { type: 'string' },
      steps: { type: 'string' },
      'step-minutes': { type: 'string' },
      'canary-version': { type: 'string' },
      figures: { type: 'string' },
      once: { type: 'boolean', default: false },
      minutes: { type: 'string' },
      every: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command || !Object.hasOwn(commands, command)) {
    console.log(USAGE);
    process.exitCode = values.help ? 0 : 1;
    return;
  }
  const config = releaseConfig();
  const store = await openPointerStore(config);
  try {
    await commands[command]({ ...config, store }, rest, values);
  } finally {
    await store.close();
  }
}

main(process.argv.slice(2)).catch((error) => {
  if (error instanceof ReleaseError || error?.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    console.error(error.message);
    process.exitCode = error.exitCode ?? 1;
    return;
  }
  throw error;
});
