// One release command, from its arguments to its exit code: what `npm run release -- <command>` runs
// (cli.mjs), and what the API runs in its own process for the dashboard's actions and the canary guard.
import { parseArgs } from 'node:util';
import { releaseConfig } from '../config.mjs';
import { openPointerStore } from '../pointer-store.mjs';
import { ReleaseError } from '../releases.mjs';
import { defaultActor } from './common.mjs';
import { databaseCommands } from './database.mjs';
import { guardCommands } from './guard.mjs';
import { pointerCommands } from './pointer.mjs';
import { siteCommands } from './site.mjs';

export const USAGE = `Usage: npm run release -- <command>

  publish <remote> [--version 1.4.2] [--dist <folder>] [--allow-dirty] [--reason <why>]
                                     publish <remote>'s build as <version>+<commit> (and upload it
                                     to RELEASES_BUCKET when that is set)
  upload <remote> <version>          upload a published version to RELEASES_BUCKET (again)
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

const commands = { ...siteCommands, ...pointerCommands, ...guardCommands, ...databaseCommands };

const OPTIONS = {
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
};

/**
 * Runs one command and returns its exit code: 0 done, 1 usage or failure, 2 refused because of compatibility,
 * 3 the smoke check failed (RELEASING.md). What it says goes to `out`, why it failed to `err`; an error that is
 * not the command's own refusal is thrown.
 * @param {string[]} argv
 * @param {{ config?: ReturnType<typeof releaseConfig>, actor?: string, out?: (line: string) => void, err?: (line: string) => void, loadTypeScript?: () => Promise<void> }} [options]
 *        config: where everything is (the environment's, by default); actor: who runs it (RELEASE_ACTOR, else the
 *        git identity, else the operating system's user); loadTypeScript: makes this process able to import the
 *        TypeScript the database commands use, when it cannot yet (plain Node)
 */
export async function runRelease(argv, { config, actor, out = console.log, err = console.error, loadTypeScript = async () => {} } = {}) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  } catch (error) {
    if (error?.code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw error;
    err(error.message);
    return 1;
  }
  const { positionals, values } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || !command || !Object.hasOwn(commands, command)) {
    out(USAGE);
    return values.help ? 0 : 1;
  }
  const settings = config ?? releaseConfig();
  let who = actor;
  const context = { config: settings, store: await openPointerStore(settings), say: out, actor: () => (who ??= defaultActor()), loadTypeScript };
  try {
    await commands[command](context, rest, values);
    return 0;
  } catch (error) {
    if (!(error instanceof ReleaseError)) throw error;
    err(error.message);
    return error.exitCode ?? 1;
  } finally {
    await context.store.close();
  }
}

/**
 * The release commands for a caller that runs them in its own process (the API, for the release dashboard's actions
 * and the canary guard's steps): on the caller's releases, pointer and history (`store`), with everything else (the
 * live shell's build, the site's origins) from `env`, through the same checks, lock and history as a command typed in
 * a terminal. Each run gives back its exit code and what it said, in order.
 * @param {import('../config.mjs').PointerStoreConfig} store
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {(args: string[], actor: string) => Promise<{ code: number, output: string }>}
 */
export function releaseRunner(store, env = process.env) {
  return async (args, actor) => {
    const lines = [];
    const say = (line) => lines.push(line);
    let code;
    try {
      code = await runRelease(args, { config: { ...releaseConfig(env), ...store }, actor, out: say, err: say });
    } catch (error) {
      // A fault of the command itself (not a refusal): the caller gets it as a failed run, never an exception.
      say(error instanceof Error ? error.message : String(error));
      code = 1;
    }
    return { code, output: lines.join('\n').trim() };
  };
}
