// Can this build run inside the live shell? The shell provides one copy of each singleton (React,
// the router, i18next, the `shared` contract...) and every remote uses that copy, so each range a
// remote requires must be satisfied by the version the shell's build provides.
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import semver from 'semver';
import { ROOT } from './config.mjs';
import { ReleaseError, readJson } from './releases.mjs';

/** What the shell's build provides, from its own mf-manifest.json: package to version. */
export function shellProvides(shellManifest) {
  const provides = {};
  for (const shared of shellManifest.shared ?? []) {
    if (typeof shared.version === 'string') provides[shared.name] = shared.version;
  }
  return provides;
}

export function readShellBuild(shellDist) {
  const file = join(shellDist, 'mf-manifest.json');
  if (!existsSync(file)) throw new ReleaseError(`The shell has not been built (${relative(ROOT, file) || file} is missing): run npm run build -w shell`);
  return { provides: shellProvides(readJson(file)), file };
}

/**
 * Every way `requires` (package to semver range, from a remote's release) does not fit `provides`
 * (package to version, from the shell). An empty list means compatible.
 */
export function compatibilityProblems(requires, provides) {
  const problems = [];
  for (const [name, range] of Object.entries(requires)) {
    const provided = provides[name];
    if (provided === undefined) {
      problems.push({
        package: name,
        required: range,
        provided: null,
        message: `${name}: the build requires ${range} as a singleton, but the live shell does not provide ${name}`,
      });
    } else if (!semver.validRange(range)) {
      problems.push({ package: name, required: range, provided, message: `${name}: the build requires "${range}", which is not a valid version range` });
    } else if (!semver.satisfies(provided, range, { includePrerelease: true })) {
      problems.push({ package: name, required: range, provided, message: `${name}: the build requires ${range}, but the live shell provides ${provided}` });
    }
  }
  return problems;
}
