import { request } from '@reelmint/shared';

/** One payment's receipt as `GET /api/payment/receipts` answers it (api/README "Receipts"). */
export interface Receipt {
  id: string;
  kind: 'plan' | 'renewal' | 'change' | 'pack';
  plan: string | null;
  billingCycle: string | null;
  pack: string | null;
  amount: number;
  /** The list price; more than `amount` when a move up counted what was left of the plan before. */
  listPrice: number;
  currency: string;
  credits: number;
  /** 'local': the test provider, no money moved. */
  provider: string;
  createdAt: string;
}

export interface ReceiptsPage {
  items: Receipt[];
  page: number;
  perPage: number;
  total: number;
}

export const RECEIPTS_PER_PAGE = 20;

export const receiptsApi = {
  list: (page: number) => request<ReceiptsPage>('GET', '/api/payment/receipts', { query: { page, per_page: RECEIPTS_PER_PAGE } }),
};
