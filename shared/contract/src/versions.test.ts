// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isRemoteVersion, LOCAL_VERSION, REMOTE_VERSION_PATTERN, VERSION_PATTERN } from './versions.mjs';

describe('remote versions, named once', () => {
  it('takes a published version with a pre-release and build metadata, or the local build', () => {
    for (const version of ['1.4.2', '1.4.2-rc.1', '1.4.2+abc1234', '2.0.0-beta+abc.dirty']) expect(isRemoteVersion(version)).toBe(true);
    expect(isRemoteVersion(LOCAL_VERSION)).toBe(true);
    expect(VERSION_PATTERN.test(LOCAL_VERSION)).toBe(false);
  });

  it('refuses what is not safe as a folder name and a URL segment', () => {
    for (const version of ['', '1.4', 'v1.4.2', '1.4.2/../x', '1.4.2 ', 'locally', '../local', '1.4.2+a/b']) expect(isRemoteVersion(version)).toBe(false);
  });

  it('gives the API’s schema the same rule as one pattern', () => {
    expect(REMOTE_VERSION_PATTERN.source).toBe(`^(?:local|${VERSION_PATTERN.source.slice(1, -1)})$`);
  });
});
