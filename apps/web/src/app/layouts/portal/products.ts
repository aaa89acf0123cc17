import { useQuery } from '@tanstack/react-query';
import { PRODUCT_LIST_THROTTLE_MS } from '@portal/shared';
import { api } from '../../../lib/api/api-client';
import { resourceKeys } from '../../../lib/api/query-keys';
import { throttleAsync } from '../../../lib/throttle';

/** A product (resource type) of the products menu. */
export interface Product {
  id: string;
  productNameC: string;
  productNameE: string;
}

const PRODUCTS_PATH = '/productManagement/resourceTypeManagement/modifyResourceType';
const productKeys = resourceKeys(PRODUCTS_PATH);

const fetchProducts = throttleAsync(
  // A menu opening must not cover the page with the loading overlay.
  () => api.get<Product[]>(PRODUCTS_PATH, { query: { t: Date.now() }, track: false }),
  PRODUCT_LIST_THROTTLE_MS,
);

/** Products, fetched the first time a products menu opens (inside a QueryClientProvider). */
export function useProducts(enabled: boolean) {
  return useQuery({
    queryKey: productKeys.lists(),
    queryFn: fetchProducts,
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function productName(product: Product, language: string): string {
  return language === 'en' ? product.productNameE : product.productNameC;
}
