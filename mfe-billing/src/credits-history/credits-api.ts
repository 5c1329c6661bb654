import { request } from '@reelmint/shared';

/** What a ledger row was for (api/README "Credits history"). */
export type CreditPurpose = 'signup' | 'plan' | 'renewal' | 'pack' | 'generation' | 'generation-refund' | 'edit' | 'edit-refund' | 'spend' | 'refund' | 'other';

export interface CreditHistoryItem {
  id: string;
  kind: 'grant' | 'spend' | 'refund';
  /** Signed: grants and refunds positive, spends negative. */
  amount: number;
  balanceAfter: number;
  purpose: CreditPurpose;
  plan: string | null;
  billingCycle: string | null;
  videoId: string | null;
  model: string | null;
  resolution: string | null;
  duration: string | null;
  createdAt: string;
}

export interface CreditHistoryPage {
  items: CreditHistoryItem[];
  page: number;
  perPage: number;
  total: number;
}

export const CREDIT_HISTORY_PER_PAGE = 20;

export const creditsApi = {
  history: (page: number) => request<CreditHistoryPage>('GET', '/api/user/credits/history', { query: { page, per_page: CREDIT_HISTORY_PER_PAGE } }),
};
