import { authStore, bus } from '@reelmint/shared';
import { accountClient, followSessions } from '@reelmint/shared/account-client';

/**
 * The shell's one query cache, the one the shared stores read the balance and plan through: what a screen of the
 * shell reads through it leaves with the session it was read for (keys hold the session's token). Loaded with the
 * screens that read the API and with the account's refresh on load, never on an anonymous visitor's first page.
 */
followSessions({ bus, authStore });

export const shellClient = accountClient;
