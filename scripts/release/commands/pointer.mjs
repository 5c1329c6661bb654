// The commands a person uses to choose what the site runs: promote, rollback and canary (with its guard).
import { LOCAL_VERSION, entryUrl } from '../config.mjs';
import { pushPrevious } from '../pointer-store.mjs';
import { assertCompatible, fail, liveTarget, requireReason, requireRelease, requireRemote, runSmoke } from './common.mjs';

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

async function canaryOff(context, name, reason) {
  const { store, say, actor } = context;
  const result = await store.change({ action: 'canary-off', remote: name, actor: actor(), reason }, (document) => {
    const current = document.remotes[name];
    if (!current?.canary) return null;
    const { canary, ...rest } = current;
    document.remotes[name] = rest;
    return { document, summary: { from: canary.version, percent: canary.percent } };
  });
  say(
    result.changed
      ? `${name}: canary ${result.entry.from} (${result.entry.percent}%) stopped; everyone gets ${result.document.remotes[name].version}`
      : `${name} has no canary; nothing changed.`,
  );
}

/** @type {Record<string, (context: import('./common.mjs').CommandContext, positionals: string[], options: Record<string, unknown>) => Promise<void>>} */
export const pointerCommands = {
  async promote(context, [input, version], options) {
    const { config, store, say, actor } = context;
    const name = requireRemote(input);
    if (!version) fail('promote needs a version: npm run release -- promote <remote> <version>');
    const reason = requireReason(options.reason, 'promote');
    const release = requireRelease(config, name, version);
    assertCompatible(config, name, release);
    const result = await store.change({ action: 'promote', remote: name, actor: actor(), reason }, (document) => {
      const current = document.remotes[name];
      if (current?.version === version && !current.canary) return null;
      document.remotes[name] = {
        ...liveTarget(config, name, version),
        previous: current && current.version !== version ? pushPrevious(current, current.version) : (current?.previous ?? []),
      };
      return { document, summary: { from: current?.version ?? null, to: version, endedCanary: current?.canary?.version ?? null } };
    });
    if (!result.changed) {
      say(`${name} is already live at ${version}; nothing changed.`);
      return;
    }
    say(`${name}: live ${result.entry.from ?? '(none)'} -> ${version}`);
    if (result.entry.endedCanary) say(`${name}: canary ${result.entry.endedCanary} ended`);
    if (!options['no-smoke']) await runSmoke(context, name, version, { viaOverride: false, afterPromote: true });
  },

  async rollback(context, [input], options) {
    const { config, store, say, actor } = context;
    const name = requireRemote(input);
    const reason = requireReason(options.reason, 'rollback');
    const before = (await store.read()).remotes[name];
    const target = before?.previous?.at(-1);
    if (!target) fail(`${name} has no earlier live version to roll back to`);
    assertCompatible(config, name, requireRelease(config, name, target));
    const result = await store.change({ action: 'rollback', remote: name, actor: actor(), reason }, (document) => {
      const current = document.remotes[name];
      const previous = [...(current?.previous ?? [])];
      const to = previous.pop();
      if (to !== target) fail(`${name} changed while rolling back; run the command again`);
      // A canary of the version rolled back to has nothing left to try: everyone has that version now.
      const keptCanary = current.canary && current.canary.version !== to ? { canary: current.canary } : {};
      document.remotes[name] = { ...liveTarget(config, name, to), previous, ...keptCanary };
      return { document, summary: { from: current.version, to, endedCanary: current.canary && !keptCanary.canary ? current.canary.version : null } };
    });
    say(`${name}: live ${result.entry.from} -> ${result.entry.to} (rolled back)`);
    if (result.entry.endedCanary) say(`${name}: canary ${result.entry.endedCanary} ended`);
    if (!options['no-smoke']) await runSmoke(context, name, target, { viaOverride: Boolean(result.document.remotes[name].canary), afterPromote: true });
  },

  async canary(context, [input, version, percentText], options) {
    const { config, store, say, actor } = context;
    const name = requireRemote(input);
    if (!version) fail('canary needs a version and a percentage, or "off"');
    const reason = requireReason(options.reason, 'canary');
    if (version === 'off') return canaryOff(context, name, reason);
    const percent = Number(percentText);
    if (!Number.isFinite(percent) || percent <= 0 || percent >= 100)
      fail('The canary percentage must be a number above 0 and below 100 (for everyone, promote the version)');
    if (version === LOCAL_VERSION) fail('A canary must be a published version');
    if (!options.guard && (options.steps !== undefined || options['step-minutes'] !== undefined))
      fail('--steps needs --guard: only a guarded canary widens itself');
    const guard = options.guard ? guardRules(options, percent) : undefined;
    const release = requireRelease(config, name, version);
    assertCompatible(config, name, release);
    const result = await store.change({ action: 'canary', remote: name, actor: actor(), reason }, (document) => {
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
      say(`${name} already has canary ${version} at ${percent}%; nothing changed.`);
      return;
    }
    say(`${name}: canary ${result.entry.from ?? '(none)'} -> ${version} for ${percent}% of visitors (live stays ${result.document.remotes[name].version})`);
    const rules = result.document.remotes[name].canary.guard;
    if (rules) {
      say(
        `${name}: guarded: stops itself after ${rules.minVisits} visits if its error rate is over ${formatPercent(rules.errorMargin)} points or its p75 load time over ${formatPercent(rules.p75Margin)} worse than ${result.document.remotes[name].version}`,
      );
      if (rules.steps) {
        say(
          `${name}: widens while healthy to ${rules.steps.map((step) => `${step}%`).join(', ')} (each step at least ${rules.minVisits} visits and ${rules.stepMinutes} minutes)${rules.steps.at(-1) === 100 ? '; at 100% it is promoted' : ''}`,
        );
      }
    }
    if (!options['no-smoke']) await runSmoke(context, name, version, { viaOverride: true, afterPromote: false });
  },
};
