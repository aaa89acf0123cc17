import { useEffect, useMemo } from 'react';
import {
  type QueryClient,
  type QueryKey,
  keepPreviousData,
  useMutation,
  usePrefetchQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { request } from '../api/api-client';
import { ApiError } from '../api/api-error';
import { reportApiError } from '../api/report-api-error';
import { resourceKeys } from '../api/query-keys';
import type { Paged } from '../api/resource';
import type { ResourceDefinition } from './definition';
import type { ListQuery } from './list-state';
import { rowPath } from './resource-api';

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
export function useResourceList<T>(def: ResourceDefinition<T>, query: ListQuery) {
  const queryKey = useMemo(() => keysOf(def).listQuery(query), [def, query]);
  const page = { queryKey, queryFn: () => fetchPage(def, query) };
  usePrefetchQuery(page);
  const list = useQuery({
    ...page,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => {
      const records = q.state.data?.records;
      return records && records.length > LONG_PAGE ? false : pollInterval(records, def.busy);
    },
  });
  useBusyRows(def, queryKey, list.isPlaceholderData ? undefined : list.data?.records);
  return list;
}

/**
 * A page of a list that is not a declared resource's (IAM users, orders, a staff list): asked
 * with the list's query by the page's own call, the previous page kept on screen meanwhile, and
 * nothing asked while `enabled` is false (filters the server would refuse).
 */
export function useListPage<A>(
  key: QueryKey,
  query: ListQuery,
  fetch: (query: ListQuery) => Promise<A>,
  enabled = true,
) {
  return useQuery({
    queryKey: [...key, query],
    queryFn: () => fetch(query),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/**
 * A busy row's failed answer: null when the row is gone (404), else undefined (the row stays as
 * it was, and is asked for again). A session that ended is reported as any call's would be.
 */
function rowGone(error: unknown): null | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 404) return null;
  if (error.status === 401) reportApiError(error);
  return undefined;
}

/** Pages longer than this (the "all" choice) poll their busy rows, not the whole page. */
const LONG_PAGE = 100;
/** At most this many busy rows are asked for at a time; the next ones after them. */
const BUSY_ROWS_AT_ONCE = 20;

/**
 * On a long page, the rows the cloud is working on are asked for one by one while they are busy,
 * and put in the page where they stand (a row gone from the cloud leaves it): asking for 10,000
 * rows every two seconds because one of them is starting would redraw and re-read megabytes.
 */
function useBusyRows<T>(def: ResourceDefinition<T>, queryKey: QueryKey, records: T[] | undefined) {
  const client = useQueryClient();
  const busy = useMemo(
    () =>
      records && records.length > LONG_PAGE
        ? records.filter(def.busy).slice(0, BUSY_ROWS_AT_ONCE).map(def.id)
        : [],
    [records, def],
  );
  useEffect(() => {
    if (busy.length === 0) return;
    let live = true;
    const timer = setTimeout(async () => {
      const fresh: (T | null | undefined)[] = await Promise.all(
        busy.map((id) =>
          request<T>('GET', rowPath(def.base, id), {
            track: false,
            handleErrors: true,
          }).catch(rowGone),
        ),
      );
      if (!live) return;
      const byId = new Map(busy.map((id, i) => [id, fresh[i]]));
      client.setQueryData<Paged<T>>(queryKey, (page) => {
        if (!page) return page;
        const records = page.records.flatMap((row): T[] => {
          const answer = byId.get(def.id(row));
          return answer === undefined ? [row] : answer === null ? [] : [answer];
        });
        return { ...page, records, total: page.total - (page.records.length - records.length) };
      });
    }, POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [busy, queryKey, client, def]);
}

/**
 * A page of any paged list of the API, with its filters, quietly (no loading overlay); `A` is an
 * answer that carries more than the page (the orders' `today`).
 */
export function getPage<T, A extends Paged<T> = Paged<T>>(path: string, query: ListQuery) {
  const { page, limit, sort, orderby, ...filters } = query;
  return request<A>('GET', path, {
    query: { ...filters, page, limit, sort, orderby, t: Date.now() },
    track: false,
  });
}

export const fetchPage = <T>(def: ResourceDefinition<T>, query: ListQuery) => getPage<T>(def.base, query);

/**
 * One resource, polled while it is busy. A 404 is the page's to say (it shows "not found"), not a
 * toast's: a resource deleted at once (a bucket) is asked for again by the change's refresh while
 * its page is still leaving.
 */
export function useResourceDetail<T>(def: ResourceDefinition<T>, id: string | undefined) {
  return useQuery({
    queryKey: keysOf(def).detail(id ?? ''),
    queryFn: () =>
      request<T>('GET', rowPath(def.base, id!), { track: false, handleErrors: true }).catch(
        (error: unknown) => {
          if (error instanceof ApiError && error.status !== 404) reportApiError(error);
          throw error;
        },
      ),
    enabled: Boolean(id),
    refetchInterval: (q) => pollInterval(q.state.data ? [q.state.data] : undefined, def.busy),
  });
}

/** A resource that changes, and the API bases of the others its changes alter (`affects`). */
type Changed = { base: string; affects?: readonly string[] };

/**
 * After a change: the resource's queries are asked again (the promise waits for them), and those
 * of the resources the change alters too (a restore holds its VM; a rule protects VMs) are marked
 * stale, the shown ones asked again without waiting: a page visited a moment ago does not show
 * them as they were.
 */
export function invalidateChanged(client: QueryClient, def: Changed) {
  for (const base of def.affects ?? []) void client.invalidateQueries({ queryKey: resourceKeys(base).all });
  return client.invalidateQueries({ queryKey: keysOf(def).all });
}

/** A change to the resource: afterwards every list, detail and tag query of it is asked again. */
export function useResourceMutation<V, R>(def: Changed, fn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => invalidateChanged(client, def),
  });
}

/** Invalidates a resource's queries (after a bulk run, once rather than per row). */
export function useInvalidateResource(def: Changed) {
  const client = useQueryClient();
  return () => invalidateChanged(client, def);
}
