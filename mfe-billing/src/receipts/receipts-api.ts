import { request } from '@reelmint/shared';
import type { ReceiptsPage, ReceiptsQueryInput } from '@reelmint/shared';

export type { Receipt } from '@reelmint/shared';

export const RECEIPTS_PER_PAGE = 20;

export const receiptsApi = {
  list: (page: number) => request<ReceiptsPage>('GET', '/api/payment/receipts', { query: { page, per_page: RECEIPTS_PER_PAGE } satisfies ReceiptsQueryInput }),
};
