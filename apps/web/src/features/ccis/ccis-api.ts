import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CcisContract, CcisPurchase, CcisTerm } from '@portal/shared';
import { api } from '../../lib/api/api-client';
import type { Paged } from '../../lib/api/resource';
import type { TableQuery } from '../../components/resource-table/resource-column';

const keys = {
  all: ['/data-store'] as const,
  contract: ['/data-store', 'contract'] as const,
  history: (query: TableQuery) => ['/data-store', 'history', query.page, query.limit] as const,
};

/** The contract in force, a reduction waiting for expiry, and use against the commitment. */
export function useCcisContract() {
  return useQuery({
    queryKey: keys.contract,
    queryFn: () => api.get<CcisContract>('/data-store/contract', { track: false }),
  });
}

export const CCIS_HISTORY = '/data-store/history';

/** The contract history, newest purchase first, a page at a time. */
export function useCcisHistory(query: TableQuery) {
  return useQuery({
    queryKey: keys.history(query),
    queryFn: () =>
      api.get<Paged<CcisTerm>>(CCIS_HISTORY, {
        query: { page: query.page, limit: query.limit },
        track: false,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * A purchase with its idempotency key: the form makes one key per confirmed purchase and sends it
 * again if the call is retried, so a retry or a second click never buys twice.
 */
export function usePurchaseCcis() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ key, purchase }: { key: string; purchase: CcisPurchase }) =>
      api.post<CcisTerm & { replayed: boolean }>('/data-store/purchases', purchase, {
        headers: { 'Idempotency-Key': key },
      }),
    onSettled: () => void client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** Switch auto-extend of the contract in force. */
export function useSetCcisAutoExtend() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (autoExtend: boolean) => api.patch<CcisContract>('/data-store/contract', { autoExtend }),
    onSuccess: (contract) => {
      client.setQueryData(keys.contract, contract);
      return client.invalidateQueries({ queryKey: keys.all });
    },
  });
}
