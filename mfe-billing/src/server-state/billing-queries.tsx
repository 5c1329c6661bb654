import { authStore, bus } from '@reelmint/shared';
import { createRemoteQueries } from '@reelmint/shared/query-client';

/**
 * What this remote reads from the API, cached by TanStack Query. The header's balance and plan are in the shared
 * stores (the shell shows them too, and they read through the shell's query cache, stores/account-client.ts); this
 * cache holds what only billing shows, and drops a person's data when their session ends.
 * In the browser every screen of this remote (pricing, the modal the shell mounts beside it, credits history) shares
 * one cache, so the catalogue pricing was drawn with is the modal's too.
 */
export const { withQueries: withBillingQueries, forgetQueries: forgetBillingQueries, prefetch: prefetchBilling } = createRemoteQueries({ bus, authStore });

/** Query keys; a person's own data is keyed by their session, so another sign-in never sees it. */
export const billingKeys = {
  plans: ['plans'] as const,
  config: ['config'] as const,
  packs: ['credit-packs'] as const,
  receipts: (session: string | null, page: number) => ['receipts', session, page] as const,
  /** Every page of one session's receipts (what a payment adds to). */
  everyReceipt: (session: string | null) => ['receipts', session] as const,
  creditHistory: (session: string | null, page: number) => ['credit-history', session, page] as const,
  /** Every page of one session's credits history (what a payment's credits add to). */
  everyCreditHistoryPage: (session: string | null) => ['credit-history', session] as const,
  paymentSession: (id: string | null, attempt: number) => ['payment-session', id, attempt] as const,
  /** Plan and balance read again into the shared stores (answering whether both came from the server), per Try again. */
  accountRefresh: (attempt: number) => ['account-refresh', attempt] as const,
};
