import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Valuation } from '@portal/shared';
import { api } from '../../lib/api/api-client';

/** The month's cost estimate (the month left out: the customer's current one). */
export function useValuation(month: string | undefined) {
  return useQuery({
    queryKey: ['/valuation', month ?? 'current'],
    queryFn: () => api.get<Valuation>('/valuation', { query: { month }, track: false }),
    placeholderData: keepPreviousData,
  });
}
