import { DEFAULT_PAGE_SIZE, FIRST_PAGE, PAGE_SIZES, startNotAfterEnd } from '@portal/shared';
import type { Paged } from '../api/resource';
import { type KitFilter, type ListDefinition, filterKeys } from './definition';

/** What a list shows: the page, its size (0 = all), the sort, the search and the filters. */
export interface ListState {
  page: number;
  limit: number;
  sort?: string;
  orderby?: 'asc' | 'desc';
  search: string;
  filters: Record<string, string>;
}

/** The URL keys a list may use, from its declaration. */
export interface ListSpec {
  sorts: readonly string[];
  filters: readonly string[];
  /** The page size while the address names none; DEFAULT_PAGE_SIZE unless the list says. */
  defaultLimit?: number;
  /** The list has a range filter: `from` not after `to`, or nothing is asked. */
  ranged?: boolean;
}

export const listSpecOf = <T>(def: Pick<ListDefinition<T>, 'columns' | 'filters' | 'pageSize'>): ListSpec => {
  const filters: readonly KitFilter[] = def.filters ?? [];
  return {
    sorts: def.columns.filter((c) => c.sortable).map((c) => c.id),
    filters: filters.flatMap(filterKeys),
    defaultLimit: def.pageSize,
    ranged: filters.some((f) => f.kind === 'range'),
  };
};

export const EMPTY_LIST_STATE: ListState = {
  page: FIRST_PAGE,
  limit: DEFAULT_PAGE_SIZE,
  search: '',
  filters: {},
};

const SEARCH_MAX = 64;

/** The keys of the address a list's state owns; the page's others (`?order=`) are left alone. */
export const ownsParam = (spec: ListSpec, key: string) =>
  ['page', 'limit', 'sort', 'orderby', 'search'].includes(key) || spec.filters.includes(key);

/**
 * Reads a list's state from the query of its hash route. Anything the list does not declare, or
 * a value out of range (a hand-edited or stale link), falls back to the default rather than
 * reaching the API as a 400.
 */
export function parseListState(params: URLSearchParams, spec: ListSpec): ListState {
  const defaultLimit = spec.defaultLimit ?? DEFAULT_PAGE_SIZE;
  const page = Number(params.get('page'));
  const limit = Number(params.get('limit') ?? defaultLimit);
  const sort = params.get('sort') ?? undefined;
  const orderby = params.get('orderby');
  const filters: Record<string, string> = {};
  for (const id of spec.filters) {
    const value = params.get(id);
    if (value) filters[id] = value;
  }
  const sorted = sort !== undefined && spec.sorts.includes(sort);
  return {
    page: Number.isInteger(page) && page >= 0 ? page : FIRST_PAGE,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : defaultLimit,
    sort: sorted ? sort : undefined,
    orderby: sorted ? (orderby === 'desc' ? 'desc' : 'asc') : undefined,
    search: (params.get('search') ?? '').slice(0, SEARCH_MAX),
    filters,
  };
}

/**
 * The query of a list's state; defaults are left out so a plain list has a plain address. Filters
 * come in the order the list declares them (`?targetType=vm&targetId=…`), else by name.
 */
export function listStateToParams(
  state: ListState,
  spec?: Pick<ListSpec, 'defaultLimit' | 'filters'>,
): URLSearchParams {
  const rank = (id: string) => spec?.filters.indexOf(id) ?? -1;
  const params = new URLSearchParams();
  if (state.page !== FIRST_PAGE) params.set('page', String(state.page));
  if (state.limit !== (spec?.defaultLimit ?? DEFAULT_PAGE_SIZE)) params.set('limit', String(state.limit));
  if (state.sort) {
    params.set('sort', state.sort);
    params.set('orderby', state.orderby ?? 'asc');
  }
  if (state.search) params.set('search', state.search);
  const filters = Object.entries(state.filters).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
  for (const [id, value] of filters) {
    if (value) params.set(id, value);
  }
  return params;
}

/** The query a list sends: its state (text trimmed) plus the filters fixed by the page (a VM's disks). */
export type ListQuery = Record<string, string | number | undefined>;

export function apiQueryOf(state: ListState, fixed: Readonly<Record<string, string>> = {}): ListQuery {
  const filters = Object.fromEntries(
    Object.entries(state.filters).map(([id, value]) => [id, value.trim() || undefined]),
  );
  return {
    page: state.page,
    limit: state.limit,
    sort: state.sort,
    orderby: state.sort ? state.orderby : undefined,
    search: state.search.trim() || undefined,
    ...filters,
    ...fixed,
  };
}

/**
 * The state's page of rows the page holds whole (a short list its API answers in one piece, such
 * as the user's API keys), as the list shows a server's page.
 */
export function pageOfRows<T>(
  rows: readonly T[],
  { page, limit }: Pick<ListState, 'page' | 'limit'>,
): Paged<T> {
  const records = limit === 0 ? [...rows] : rows.slice(page * limit, page * limit + limit);
  return { records, total: rows.length, page, limit };
}

/**
 * What is wrong with a filter's range, by the rule the server applies (`orderedRange`): the
 * start after the end gives `validation.startAfterEnd`; one end missing is no range, and fine.
 */
export function rangeProblem(from: string | undefined, to: string | undefined): string | null {
  if (!from || !to) return null;
  const ok = startNotAfterEnd(from, to);
  return ok === true ? null : ok;
}
