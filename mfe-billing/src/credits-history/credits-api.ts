import { request } from '@reelmint/shared';
import type { CreditHistoryPage, CreditHistoryQueryInput } from '@reelmint/shared';

export type { CreditHistoryItem } from '@reelmint/shared';

export const CREDIT_HISTORY_PER_PAGE = 20;

export const creditsApi = {
  history: (page: number) =>
    request<CreditHistoryPage>('GET', '/api/user/credits/history', { query: { page, per_page: CREDIT_HISTORY_PER_PAGE } satisfies CreditHistoryQueryInput }),
};
