import {
  keepPreviousData,
  useMutation,
  usePrefetchQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../api/api-client';
import { resourceKeys } from '../api/query-keys';
import type { Paged } from '../api/resource';
import type { ResourceDefinition } from './definition';

/** How often a page asks again while a shown row is busy (the cloud's answer, not a timer's). */
export const POLL_MS = 2000;

/** Poll while any of the rows is busy; stop when none is. */
export function pollInterval<T>(rows: readonly T[] | undefined, busy: (row: T) => boolean): number | false {
  return rows?.some(busy) ? POLL_MS : false;
}

/** The query keys of a declared resource (keys.all reaches its lists, details and tags). */
export const keysOf = (def: { base: string }) => resourceKeys(def.base);

/**
 * One page of a list with its filters. Polling refetches are quiet (no loading overlay), and the
 * previous page stays on screen while the next one loads. A page not asked for before is asked for
 * while the list renders, not after the browser has painted it (useQuery's own fetch waits for
 * its effect): with the "all" page that was 60 ms sooner.
 */
export function useResourceList<T>(
  def: ResourceDefinition<T>,
  query: Record<string, string | number | undefined>,
) {
  const page = { queryKey: keysOf(def).listQuery(query), queryFn: () => fetchPage(def, query) };
  usePrefetchQuery(page);
  return useQuery({
    ...page,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => pollInterval(q.state.data?.records, def.busy),
  });
}

export function fetchPage<T>(def: ResourceDefinition<T>, query: Record<string, string | number | undefined>) {
  const { page, limit, sort, orderby, ...filters } = query;
  return api.get<Paged<T>>(def.base, {
    query: { ...filters, page, limit, sort, orderby, t: Date.now() },
    track: false,
  });
}

/** One resource, polled while it is busy. */
export function useResourceDetail<T>(def: ResourceDefinition<T>, id: string | undefined) {
  return useQuery({
    queryKey: keysOf(def).detail(id ?? ''),
    queryFn: () => api.get<T>(`${def.base}/${encodeURIComponent(id!)}`, { track: false }),
    enabled: Boolean(id),
    refetchInterval: (q) => pollInterval(q.state.data ? [q.state.data] : undefined, def.busy),
  });
}

/** A change to the resource: afterwards every list, detail and tag query of it is asked again. */
export function useResourceMutation<V, R>(def: { base: string }, fn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: keysOf(def).all }),
  });
}

/** Invalidates a resource's queries (after a bulk run, once rather than per row). */
export function useInvalidateResource(def: { base: string }) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keysOf(def).all });
}
