import { useCallback, useMemo, useState } from 'react';
import { usePageSearchParams } from '../use-page-search-params';
import {
  EMPTY_LIST_STATE,
  type ListSpec,
  type ListState,
  listStateToParams,
  parseListState,
} from './list-state';

export type SetListState = (next: ListState, options?: { replace?: boolean }) => void;

/**
 * A list's state, kept in the query of the hash route (`#/vmSetting?page=2&status=1`) so Back and
 * reload show the same page; a list inside a detail tab keeps its own in memory, as the address
 * belongs to the page around it; such a list may start searched for `initialSearch` (a link to one row).
 */
export function useListState(spec: ListSpec, inUrl: boolean, initialSearch = ''): [ListState, SetListState] {
  const [params, setParams] = usePageSearchParams();
  const [local, setLocal] = useState<ListState>(() => ({ ...EMPTY_LIST_STATE, search: initialSearch }));
  const search = params.toString();
  const state = useMemo(
    () => (inUrl ? parseListState(new URLSearchParams(search), spec) : local),
    [inUrl, search, spec, local],
  );
  const set = useCallback<SetListState>(
    (next, options) => {
      if (inUrl) setParams(listStateToParams(next), { replace: options?.replace });
      else setLocal(next);
    },
    [inUrl, setParams],
  );
  return [state, set];
}
