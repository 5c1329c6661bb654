import { screenFor } from '../app/routes.ts';

export const SITE_NAME = 'Reelmint';

/** A page's title in the browser's tab: the page's own, then the site's name. */
export function pageTitle(title: string): string {
  return `${title} | ${SITE_NAME}`;
}

/** The `meta.` key of a language-free path; the auth screen and unknown paths have their own. */
export function pageKeyOf(barePath: string): string {
  if (barePath === '/auth') return 'auth';
  if (barePath === '/forgot-password') return 'forgotPassword';
  if (barePath === '/reset-password') return 'resetPassword';
  if (barePath === '/verify-email') return 'verifyEmail';
  if (barePath === '/account') return 'account';
  if (barePath === '/release') return 'releaseDashboard';
  return screenFor(barePath)?.page ?? 'notFound';
}
