import { useQuery } from '@tanstack/react-query';
import { type PriceItem, priceCodes } from '@portal/shared';
import { api } from '../../lib/api/api-client';

/** The price list as code → unit price, for the estimates of the create and resize forms. */
export function usePriceCodes() {
  return useQuery({
    queryKey: ['/prices'],
    queryFn: () => api.get<PriceItem[]>('/prices', { track: false }).then(priceCodes),
    staleTime: 5 * 60_000,
  });
}
