import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import { api, usePublicRead } from '@reelmint/shared';
import type { Loaded, PlanItem } from '@reelmint/shared';
import { loadState } from '@reelmint/shared/query-client';
import { useBillingText } from '../i18n.ts';
import { billingKeys, prefetchBilling } from '../server-state/billing-queries.tsx';

/**
 * The catalogue, read once per visit: the real one stays fresh for it (plans do not change under a visitor), while
 * the built-in sample plans given when the server cannot be reached are read again at the next chance.
 */
const catalogueQuery = {
  queryKey: billingKeys.plans,
  queryFn: api.plans,
  staleTime: (query: { state: { data: Loaded<PlanItem[]> | undefined } }) => (query.state.data?.fallback ? 0 : Infinity),
};

/** Reads the catalogue ahead, so pricing shows its plans at once when the visitor moves there. */
export function preloadCatalogue(): Promise<void> {
  return prefetchBilling(catalogueQuery);
}

/** The catalogue as the screens draw it, and a stable `retry` (the modal subscribes to the bus with it). */
function useCatalogue(query: UseQueryResult<Loaded<PlanItem[]>>) {
  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);
  return { state: loadState(query), retry };
}

/**
 * The catalogue as pricing draws it. A page the shell's server drew starts from the catalogue in its HTML (the cache
 * is seeded with it, on the server and in the browser alike), so the browser takes it over without asking again.
 */
export function useDrawnPlans() {
  const drawn = usePublicRead('plans');
  return useCatalogue(useQuery({ ...catalogueQuery, ...(drawn ? { initialData: { data: drawn, fallback: false } } : {}) }));
}

/** The catalogue for the subscription modal: asked for once the modal first opens, not on every page the shell shows. */
export function useModalPlans(opened: boolean) {
  return useCatalogue(useQuery({ ...catalogueQuery, enabled: opened }));
}

/**
 * The name a plan is shown by. Pro and Max are names, the same in every language, so the catalogue's are shown; Free
 * is a word, which the catalogue gives in English only, so it is said in the reader's language.
 */
export function usePlanName() {
  const { t } = useBillingText();
  return useCallback((plan: Pick<PlanItem, 'key' | 'name'>) => (plan.key === 'free' ? t('plan.name.free') : plan.name), [t]);
}
