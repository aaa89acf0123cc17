import { useQuery } from '@tanstack/react-query';
import { PRODUCT_LIST_THROTTLE_MS, type ResourceType } from '@portal/shared';
import { api } from './api/api-client';
import { resourceKeys } from './api/query-keys';
import { throttleAsync } from './throttle';

/** A product (resource type) of the products menu and the site map. */
export type Product = ResourceType;

const PRODUCTS_PATH = '/productManagement/resourceTypeManagement/modifyResourceType';
const productKeys = resourceKeys(PRODUCTS_PATH);

const fetchProducts = throttleAsync(
  // A menu opening must not cover the page with the loading overlay.
  () => api.get<Product[]>(PRODUCTS_PATH, { query: { t: Date.now() }, track: false }),
  PRODUCT_LIST_THROTTLE_MS,
);

/** Products, fetched the first time a products menu opens or the site map shows (inside a QueryClientProvider). */
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
