// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { REMOTE_SCREENS } from '@reelmint/contract/screens';
import { isSitePath, SHELL_PATHS } from './routes.ts';

describe('isSitePath', () => {
  it('counts every screen of the remotes and of the shell, bare and under each language', () => {
    for (const path of [...REMOTE_SCREENS.map((screen) => screen.path.replace(':id', 'vid_1')), ...SHELL_PATHS]) {
      expect(isSitePath(path), path).toBe(true);
      expect(isSitePath(`/pt-BR${path === '/' ? '' : path}`), path).toBe(true);
    }
  });

  it('reads an address as the browser’s router does: any case, a trailing slash, a language the browser corrects', () => {
    expect(isSitePath('/FR/Pricing')).toBe(true);
    expect(isSitePath('/pricing/')).toBe(true);
    expect(isSitePath('/zh-cn/free-video-templates')).toBe(true);
  });

  it('does not count an address the router sends to the not-found page', () => {
    for (const path of ['/no-such-page', '/about', '/privacy', '/fr/no-such-page', '/pricing/extra', '/v', '/v/1/2']) {
      expect(isSitePath(path), path).toBe(false);
    }
  });
});
