import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DestructiveBody,
  Order,
  OrderCreate,
  OrderDetail,
  OrderPage,
  OrderQuote,
  Vm,
} from '@portal/shared';
import { type RequestOptions, api } from '../../lib/api/api-client';
import { resourceKeys } from '../../lib/api/query-keys';
import type { Paged } from '../../lib/api/resource';
import type { TableQuery } from '../../components/resource-table/resource-column';
import type { ListQuery } from '../../lib/resource-kit/list-state';
import { getPage, useListPage } from '../../lib/resource-kit/resource-queries';
import { downloadFile } from '../../lib/api/download-file';

const keys = resourceKeys('/orders');
/** The VMs' queries: a conversion or a cancel changes a VM's `isAnnual`. */
const vmKeys = resourceKeys('/vms');

/** The pages of the orders in force (`current`, the manage page) and of every order (the history). */
const ORDER_LISTS = { current: '/orders', history: '/orders/history' } as const;

/** A page of orders with the list's filters (also each page of the manage page's export). */
export const fetchOrders = (scope: keyof typeof ORDER_LISTS) => (query: ListQuery) =>
  getPage<Order, OrderPage>(ORDER_LISTS[scope], query);

/**
 * A page of orders: the ones in force (`current`) or every one (`history`), with the list's
 * filters (status: one or several, comma-joined; type; order dates, both included). Both answers
 * carry the customer's today, which the cancel rule reads. Not asked while `enabled` is false
 * (a range out of order).
 */
export const useOrders = (scope: keyof typeof ORDER_LISTS, query: ListQuery, enabled = true) =>
  useListPage([...keys.lists(), scope], query, fetchOrders(scope), enabled);

export function useOrder(id: string | null) {
  return useQuery({
    queryKey: keys.detail(id ?? ''),
    queryFn: () => api.get<OrderDetail>(`/orders/${encodeURIComponent(id ?? '')}`, { track: false }),
    enabled: id !== null,
  });
}

/** What a term would cost for the chosen VM (the server prices it from the price list of the day). */
export function useOrderQuote(vmId: string | null, months: number) {
  return useQuery({
    queryKey: [...keys.all, 'quote', vmId, months],
    queryFn: () => api.get<OrderQuote>('/orders/quote', { query: { vmId, months }, track: false }),
    enabled: vmId !== null,
    placeholderData: keepPreviousData,
  });
}

/** The tenant's on-demand VMs, a page at a time, searched on the server (the create page's picker). */
export function useOnDemandVms(query: TableQuery, search: string) {
  const params = { annual: 'no', page: query.page, limit: query.limit, search: search || undefined };
  return useQuery({
    queryKey: [...vmKeys.lists(), 'onDemand', params],
    queryFn: () => api.get<Paged<Vm>>('/vms', { query: params, track: false }),
    placeholderData: keepPreviousData,
  });
}

/**
 * A conversion with its idempotency key: the page makes one key per confirmed request and sends it
 * again if the call is retried, so a retry or a second click never orders twice.
 */
export function useConvertVm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ key, order }: { key: string; order: OrderCreate }) =>
      api.post<OrderDetail & { replayed: boolean }>('/orders', order, {
        headers: { 'Idempotency-Key': key },
      }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: keys.all });
      await client.invalidateQueries({ queryKey: vmKeys.all });
    },
  });
}

/** Cancel an annual contract, confirmed with the caller's password. */
export const cancelOrder = (id: string, body: DestructiveBody, options?: RequestOptions) =>
  api.post<OrderDetail>(`/orders/${encodeURIComponent(id)}/cancel`, body, options);

export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, currentPassword }: { id: string; currentPassword: string }) =>
      cancelOrder(id, { currentPassword }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: keys.all });
      await client.invalidateQueries({ queryKey: vmKeys.all });
    },
  });
}

/** The history as CSV (UTF-8 with BOM, in the reader's language), with the list's filters and sort. */
export function exportOrders(query: ListQuery) {
  const { page: _page, limit: _limit, ...filters } = query;
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  return downloadFile('orderHistory', '/orders.csv', `orders-${day}.csv`, filters);
}

/** A fresh idempotency key (crypto.randomUUID needs a secure context; the bytes do not). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
