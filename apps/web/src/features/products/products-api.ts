import { useQuery } from '@tanstack/react-query';
import type { ProductDetail } from '@portal/shared';
import { api } from '../../lib/api/api-client';
import { resourceKeys } from '../../lib/api/query-keys';

const productKeys = resourceKeys('/products');

/** One product page's content: names, overview, functions and its lines of the price list. */
export function useProductDetail(id: string) {
  return useQuery({
    queryKey: productKeys.detail(id),
    queryFn: () =>
      api.get<ProductDetail>(`/products/${encodeURIComponent(id)}`, { query: { t: Date.now() } }),
    staleTime: 5 * 60_000,
  });
}
