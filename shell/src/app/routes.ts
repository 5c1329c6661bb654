import { stripLanguage } from '@reelmint/shared';
import { REMOTE_SCREENS } from '@reelmint/contract/screens';
import type { RemoteScreen } from '@reelmint/contract/screens';

/** The screen a language-free path shows; `:name` segments of a screen's path match any one segment. */
export function screenFor(barePath: string): RemoteScreen | undefined {
  const parts = barePath.split('/');
  return REMOTE_SCREENS.find(({ path }) => {
    const pattern = path.split('/');
    return pattern.length === parts.length && pattern.every((segment, i) => (segment.startsWith(':') ? parts[i] !== '' : segment === parts[i]));
  });
}

/** The screens the shell draws itself (app.tsx). Each is also served under /{lng}/. */
export const SHELL_PATHS = ['/auth', '/forgot-password', '/reset-password', '/verify-email', '/account', '/release'] as const;

export type ShellPath = (typeof SHELL_PATHS)[number];

/**
 * Whether an address shows one of the site's screens rather than the not-found page, as the browser's router
 * decides it (case-insensitively, a trailing slash ignored). A language-shaped first segment that is not a
 * supported language still counts: the browser corrects it in place.
 */
export function isSitePath(pathname: string): boolean {
  const bare = stripLanguage(pathname.toLowerCase()).replace(/(.)\/$/, '$1');
  return screenFor(bare) !== undefined || (SHELL_PATHS as readonly string[]).includes(bare);
}

export function isGeneratorPath(barePath: string): boolean {
  return barePath === '/generator' || barePath.endsWith('/generator');
}
