// How a remote's versions are named, read by the release tools, the API and the shell's overrides alike.
// Plain JavaScript, so Node scripts read it without a TypeScript step; types in versions.d.mts.

/** The pseudo-version for "whatever is in <workspace>/dist right now", served at the origin's root. */
export const LOCAL_VERSION = 'local';

/** A published version: semver with build metadata, so it is safe as a folder name and a URL segment. */
export const VERSION_PATTERN = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

/** A version a pointer, an override or a release action may name: a published one, or the local build. */
export const REMOTE_VERSION_PATTERN = new RegExp(`^(?:${LOCAL_VERSION}|${VERSION_PATTERN.source.slice(1, -1)})$`);

export const isRemoteVersion = (value) => REMOTE_VERSION_PATTERN.test(value);
