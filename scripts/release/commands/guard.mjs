// The commands the API's canary guard runs on a guarded canary: guard-stop when it is worse than stable,
// guard-widen when a step has run its course healthy. Each checks before it moves visitors and records what
// the guard saw, with the same lock and history as a person's change.
import { pushPrevious } from '../pointer-store.mjs';
import { SMOKE_FAILED, assertCompatible, fail, liveTarget, requireReason, requireRelease, requireRemote, smokeOutcome } from './common.mjs';

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

/** @type {Record<string, (context: import('./common.mjs').CommandContext, positionals: string[], options: Record<string, unknown>) => Promise<void>>} */
export const guardCommands = {
  async 'guard-stop'(context, [input], options) {
    const { store, say, actor } = context;
    const name = requireRemote(input);
    const reason = requireReason(options.reason, 'guard-stop');
    const canaryVersion = options['canary-version'];
    if (!canaryVersion) fail('guard-stop needs --canary-version: the canary the figures are about');
    const figures = guardFigures(options);
    const before = (await store.read()).remotes[name];
    if (before?.canary?.version !== canaryVersion) {
      say(`${name} has no canary ${canaryVersion} any more; nothing changed.`);
      return;
    }
    // Check the version everyone would return to before moving them: a stop that cannot show a working
    // page would trade a bad canary for a broken site, so the pointer stays and the history says why.
    if (!options['no-smoke']) {
      const result = await smokeOutcome(context, name, before.version, Boolean(before.canary));
      if (result.status === 'failed') {
        await store.append({
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
    const result = await store.change({ action: 'guard-stop', remote: name, actor: actor(), reason }, (document) => {
      const current = document.remotes[name];
      if (current?.canary?.version !== canaryVersion) return null;
      const { canary, ...rest } = current;
      document.remotes[name] = rest;
      return { document, summary: { from: canary.version, to: current.version, percent: canary.percent, figures } };
    });
    say(
      result.changed
        ? `${name}: canary ${canaryVersion} stopped by its guard; everyone gets ${result.document.remotes[name].version}`
        : `${name} has no canary ${canaryVersion} any more; nothing changed.`,
    );
  },

  async 'guard-widen'(context, [input], options) {
    const { config, store, say, actor } = context;
    const name = requireRemote(input);
    const reason = requireReason(options.reason, 'guard-widen');
    const canaryVersion = options['canary-version'];
    if (!canaryVersion) fail('guard-widen needs --canary-version: the canary the figures are about');
    const figures = guardFigures(options);
    const before = (await store.read()).remotes[name];
    const next = before?.canary?.version === canaryVersion ? nextStep(before.canary) : null;
    if (next === null) {
      say(`${name} has no canary ${canaryVersion} with a step left; nothing changed.`);
      return;
    }
    const promote = next >= 100;
    // At 100 the canary becomes the live version: the same compatibility check as a person's promote.
    if (promote) assertCompatible(config, name, requireRelease(config, name, canaryVersion));
    // Check the canary before more visitors get it: a widening that cannot show a working page is not made.
    if (!options['no-smoke']) {
      const result = await smokeOutcome(context, name, canaryVersion, true);
      if (result.status === 'failed') {
        await store.append({
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
    const result = await store.change({ action: promote ? 'guard-promote' : 'guard-widen', remote: name, actor: actor(), reason }, (document) => {
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
      say(`${name}'s canary changed while the guard looked; nothing changed.`);
      return;
    }
    say(
      promote
        ? `${name}: canary ${canaryVersion} promoted by its guard; live ${result.entry.from} -> ${canaryVersion}`
        : `${name}: canary ${canaryVersion} widened by its guard: ${result.entry.from} -> ${result.entry.to}`,
    );
  },
};
