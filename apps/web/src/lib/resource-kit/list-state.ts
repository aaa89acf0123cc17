import { DEFAULT_PAGE_SIZE, FIRST_PAGE, PAGE_SIZES } from '@portal/shared';
import type { ResourceDefinition } from './definition';

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
}

export const listSpecOf = <T>(def: ResourceDefinition<T>): ListSpec => ({
  sorts: def.columns.filter((c) => c.sortable).map((c) => c.id),
  filters: (def.filters ?? []).map((f) => f.id),
});

export const EMPTY_LIST_STATE: ListState = {
  page: FIRST_PAGE,
  limit: DEFAULT_PAGE_SIZE,
  search: '',
  filters: {},
};

const SEARCH_MAX = 64;

/**
 * Reads a list's state from the query of its hash route. Anything the list does not declare, or
 * a value out of range (a hand-edited or stale link), falls back to the default rather than
 * reaching the API as a 400.
 */
export function parseListState(params: URLSearchParams, spec: ListSpec): ListState {
  const page = Number(params.get('page'));
  const limit = Number(params.get('limit') ?? DEFAULT_PAGE_SIZE);
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
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_PAGE_SIZE,
    sort: sorted ? sort : undefined,
    orderby: sorted ? (orderby === 'desc' ? 'desc' : 'asc') : undefined,
    search: (params.get('search') ?? '').slice(0, SEARCH_MAX),
    filters,
  };
}

/** The query of a list's state; defaults are left out so a plain list has a plain address. */
export function listStateToParams(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page !== FIRST_PAGE) params.set('page', String(state.page));
  if (state.limit !== DEFAULT_PAGE_SIZE) params.set('limit', String(state.limit));
  if (state.sort) {
    params.set('sort', state.sort);
    params.set('orderby', state.orderby ?? 'asc');
  }
  if (state.search) params.set('search', state.search);
  for (const [id, value] of Object.entries(state.filters).sort(([a], [b]) => a.localeCompare(b))) {
    if (value) params.set(id, value);
  }
  return params;
}

/** The API query of a list: its state plus the filters fixed by the page (a VM's disks). */
export function apiQueryOf(
  state: ListState,
  fixed: Readonly<Record<string, string>> = {},
): Record<string, string | number | undefined> {
  return {
    page: state.page,
    limit: state.limit,
    sort: state.sort,
    orderby: state.sort ? state.orderby : undefined,
    search: state.search.trim() || undefined,
    ...state.filters,
    ...fixed,
  };
}
