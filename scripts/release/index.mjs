// @reelmint/release as a library: what `npm start`, the API and the tests use of the release tooling.
// The `npm run release` command itself is cli.mjs.
export { LOCAL_VERSION, RELEASES_PATH, REMOTES, REMOTE_NAMES, SQLITE_FILE, VERSION_PATTERN, releaseConfig, remoteReleasesDir } from './config.mjs';
export { releaseRunner } from './commands/run.mjs';
export { ensureLocalDefaults } from './local-defaults.mjs';
export { openPointerStore, pointerReader, publicPointer } from './pointer-store.mjs';
export { PublishedVersions } from './published.mjs';
export { RELEASE_FILE, compressPublished, listPublished } from './releases.mjs';
