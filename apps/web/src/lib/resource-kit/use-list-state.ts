import { useCallback, useMemo, useState } from 'react';
import { usePageSearchParams } from '../use-page-search-params';
import type { ListDefinition } from './definition';
import {
  EMPTY_LIST_STATE,
  type ListQuery,
  type ListSpec,
  type ListState,
  apiQueryOf,
  listSpecOf,
  listStateToParams,
  ownsParam,
  parseListState,
  rangeProblem,
} from './list-state';

export type SetListState = (next: ListState, options?: { replace?: boolean }) => void;

const NO_FILTERS: Readonly<Record<string, string>> = {};

/**
 * A list's state, kept in the query of the hash route (`#/vmSetting?page=2&status=1`) so Back and
 * reload show the same page; a list inside a detail tab keeps its own in memory, as the address
 * belongs to the page around it; such a list may start searched for `initialSearch` (a link to one row).
 * Keys of the address the list does not own (`?order=` of a dialog) stay as they are.
 */
export function useListState(spec: ListSpec, inUrl: boolean, initialSearch = ''): [ListState, SetListState] {
  const [params, setParams] = usePageSearchParams();
  const [local, setLocal] = useState<ListState>(() => ({
    ...EMPTY_LIST_STATE,
    limit: spec.defaultLimit ?? EMPTY_LIST_STATE.limit,
    search: initialSearch,
  }));
  const search = params.toString();
  const state = useMemo(
    () => (inUrl ? parseListState(new URLSearchParams(search), spec) : local),
    [inUrl, search, spec, local],
  );
  const set = useCallback<SetListState>(
    (next, options) => {
      if (!inUrl) {
        setLocal(next);
        return;
      }
      setParams(
        (current) => {
          const merged = listStateToParams(next, spec);
          for (const [key, value] of current) if (!ownsParam(spec, key)) merged.set(key, value);
          return merged;
        },
        { replace: options?.replace },
      );
    },
    [inUrl, setParams, spec],
  );
  return [state, set];
}

/** A list's state with what the page's call needs: the query, and whether it may be asked. */
export interface ListControls {
  state: ListState;
  setState: SetListState;
  /** Sets filters (an empty value removes one) and goes back to the first page. */
  filter: (values: Readonly<Record<string, string>>, options?: { replace?: boolean }) => void;
  /** The API's query: the state, its text trimmed, with the filters the page fixes. */
  query: ListQuery;
  /** False while a filter holds what the server would refuse (a range out of order): ask nothing. */
  valid: boolean;
}

/**
 * The state of a declared list (ListDefinition): in the address (`inUrl`) or in memory, with the
 * filters the page fixes. The page asks its own API with `query` while `valid`, and hands the
 * answer and these controls to `ListView`.
 */
export function useListControls<T>(
  def: Pick<ListDefinition<T>, 'columns' | 'filters' | 'pageSize'>,
  {
    inUrl = false,
    replace = false,
    fixed = NO_FILTERS,
    initialSearch,
  }: {
    inUrl?: boolean;
    /**
     * A change of the list replaces the address instead of adding a step to the history, so Back
     * leaves the page rather than undoing a filter (the page lists of the console and the staff).
     */
    replace?: boolean;
    fixed?: Readonly<Record<string, string>>;
    initialSearch?: string;
  } = {},
): ListControls {
  const spec = useMemo(() => listSpecOf(def), [def]);
  const [state, setInHistory] = useListState(spec, inUrl, initialSearch);
  const setState = useCallback<SetListState>(
    (next, options) => setInHistory(next, { replace: options?.replace ?? replace }),
    [setInHistory, replace],
  );
  const query = useMemo(() => apiQueryOf(state, fixed), [state, fixed]);
  const filter = useCallback<ListControls['filter']>(
    (values, options) => {
      const filters = { ...state.filters, ...values };
      for (const [id, value] of Object.entries(values)) if (!value) delete filters[id];
      setState({ ...state, filters, page: 0 }, options);
    },
    [state, setState],
  );
  const valid = !spec.ranged || rangeProblem(state.filters.from, state.filters.to) === null;
  return { state, setState, filter, query, valid };
}
