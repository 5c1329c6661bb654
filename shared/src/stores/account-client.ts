import { newQueryClient } from '../queries/new-query-client.ts';
import { forgetEndedSessions } from '../queries/ended-sessions.ts';
import type { SessionSource } from '../queries/ended-sessions.ts';

/**
 * The shell's one TanStack Query cache, which the shared stores read the signed-in person's balance and plan through
 * (account-reads.ts) and the shell's own screens read everything else through (`@reelmint/shared/account-client`,
 * with TanStack Query's React hooks). It comes with the library once a signed-in person's value is first asked for,
 * or a screen of the shell that reads the API is opened, never on an anonymous visitor's first page (issue #12).
 * The remotes keep caches of their own (query-client.tsx; why in federation.mjs).
 */
export const accountClient = newQueryClient();

let following = false;

/**
 * Makes the cache follow the session (queries/ended-sessions.ts); each part that loads the cache calls it, the first
 * call counts. The session comes from the caller so that this module, which the shell's screens load on their own,
 * carries none of the singleton's modules.
 */
export function followSessions(session: SessionSource): void {
  if (following) return;
  following = true;
  forgetEndedSessions(accountClient, session);
}
