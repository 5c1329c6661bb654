import { api, ApiError, authStore, clearSession } from '@reelmint/shared';
import type { AccountUser } from '@reelmint/shared';
import { shellClient } from '../server-state/shell-client.ts';
import { applyAccountUser } from './account-user.ts';

/** The signed-in account, keyed by its session (another sign-in never sees it, and it leaves with the session). */
export const accountKey = (session: string | null) => ['account', session] as const;

/**
 * GET /api/auth/me, the account as the API has it now. What it says is kept in the session's stored user too, so
 * the header shows what changed elsewhere (an address confirmed from the mail on another device, a new name, a
 * picture). A session the API no longer knows (a password change, 'sign out everywhere else') ends here too.
 */
async function readAccount(session: string | null): Promise<AccountUser> {
  try {
    const user = await api.me();
    if (authStore.getState().token === session) applyAccountUser(user);
    return user;
  } catch (failure) {
    if (failure instanceof ApiError && failure.status === 401 && authStore.getState().token === session) clearSession();
    throw failure;
  }
}

/** The account's query, for the settings page's hook (use-account.ts) and for reads outside React. */
export function accountQuery(session: string | null) {
  return { queryKey: accountKey(session), queryFn: () => readAccount(session) };
}

/**
 * Reads the account again through the shell's cache, on load (session-watch.tsx) and after a change made from a mail's
 * link; a settings page open meanwhile shows the answer. Offline, what is stored stays until the server can be asked.
 */
export async function refreshAccount(): Promise<void> {
  const session = authStore.getState().token;
  if (session) await shellClient.fetchQuery(accountQuery(session)).catch(() => undefined);
}
