// What the release commands share: how they fail, name a remote, ask for a reason, check a release against the
// live shell and run the smoke check after a change.
import { execFileSync } from 'node:child_process';
import { userInfo } from 'node:os';
import { LOCAL_VERSION, REMOTE_NAMES, entryUrl, releasesBaseUrl, remoteName } from '../config.mjs';
import { compatibilityProblems, readShellBuild } from '../compat.mjs';
import { ReleaseError, listReleases, readRelease } from '../releases.mjs';
import { smokeCheck } from '../smoke.mjs';

/**
 * What a command is given: the configuration, the pointer's store, where its lines go and who runs it.
 * @typedef {{ config: ReturnType<typeof import('../config.mjs').releaseConfig>, store: import('../pointer-store.mjs').PointerStore, say: (line: string) => void, actor: () => string, loadTypeScript: () => Promise<void> }} CommandContext
 */

/** Exit codes: 1 usage or failure, 2 refused because of compatibility, 3 the smoke check failed. */
export const REFUSED = 2;
export const SMOKE_FAILED = 3;

/** Who runs a command typed in a terminal: RELEASE_ACTOR, else the git identity, else the operating system's user. */
export function defaultActor(env = process.env) {
  if (env.RELEASE_ACTOR) return env.RELEASE_ACTOR;
  try {
    const name = execFileSync('git', ['config', 'user.name'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (name) return name;
  } catch {
    // No git identity: the operating system's user still says who it was.
  }
  return userInfo().username;
}

export function fail(message, code = 1) {
  const error = new ReleaseError(message);
  error.exitCode = code;
  throw error;
}

export function requireRemote(input) {
  const name = remoteName(input);
  if (!name) fail(`"${input ?? ''}" is not a remote. Remotes: ${REMOTE_NAMES.join(', ')}`);
  return name;
}

export function requireReason(reason, command) {
  if (!reason || !reason.trim()) fail(`${command} needs --reason "<why>": every change of the pointer is recorded with who, when and why`);
  return reason.trim();
}

export function describeTarget(target) {
  if (!target) return 'nothing (its regions show the fallback)';
  const canary = target.canary ? `, canary ${target.canary.version} for ${target.canary.percent}% of visitors` : '';
  return `${target.version}${target.version === LOCAL_VERSION ? ' (the build in its dist folder)' : ''}${canary}`;
}

/** Refuses a release the live shell cannot host, saying what does not match. */
export function assertCompatible(config, name, release) {
  const shell = readShellBuild(config.shellDist);
  const problems = compatibilityProblems(release.requires ?? {}, shell.provides);
  if (problems.length === 0) return;
  fail(
    `Refused: ${name} ${release.version} is not compatible with the live shell:\n${problems.map((problem) => `  - ${problem.message}`).join('\n')}\n` +
      `Publish a build made against the shell's contract, or release a shell that provides these first.`,
    REFUSED,
  );
}

export function requireRelease(config, name, version) {
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

export function liveTarget(config, name, version) {
  return { version, entry: entryUrl(config, name, version), releases: releasesBaseUrl(config, name) };
}

/** The smoke check after a change the person made: a failure fails the command, with the command that undoes it. */
export async function runSmoke({ config, say }, name, version, { viaOverride, afterPromote }) {
  say(`Smoke check: loading a ${name} page on ${config.shellOrigin} in headless Chromium...`);
  let result;
  try {
    result = await smokeCheck({ shellOrigin: config.shellOrigin, remote: name, version, viaOverride });
  } catch (error) {
    // The change is already made: whatever broke, the person must still get the command that undoes it.
    result = { status: 'failed', message: `the check itself broke (${error instanceof Error ? error.message.split('\n')[0] : error})` };
  }
  if (result.status === 'passed') {
    say(`Smoke check passed: ${result.message}.`);
    return;
  }
  if (result.status === 'skipped') {
    say(`Smoke check skipped: ${result.message}. Run it once the site is up: npm run release -- smoke ${name} ${version}`);
    return;
  }
  const undo = afterPromote
    ? `Roll back with: npm run release -- rollback ${name} --reason "smoke check failed"`
    : `Stop the canary with: npm run release -- canary ${name} off --reason "smoke check failed"`;
  fail(`Smoke check FAILED: ${result.message}.\n${undo}`, SMOKE_FAILED);
}

/** The smoke check's result without failing the command (for callers that decide what a failure means). */
export async function smokeOutcome({ config, say }, name, version, viaOverride) {
  say(`Smoke check: loading a ${name} page on ${config.shellOrigin} in headless Chromium...`);
  try {
    const result = await smokeCheck({ shellOrigin: config.shellOrigin, remote: name, version, viaOverride });
    say(`Smoke check ${result.status}: ${result.message}.`);
    return result;
  } catch (error) {
    return { status: 'failed', message: `the check itself broke (${error instanceof Error ? error.message.split('\n')[0] : error})` };
  }
}
