import { useEffect, useState } from 'react';
import { usePageSearchParams } from '../../lib/use-page-search-params';

/**
 * The choices of an operations list kept in the address (so Back and reload keep them): the
 * search, sent a moment after typing stops, the page and the page size. `change` merges values
 * into the address; null removes one (its default).
 */
export function useOpsListParams(defaultLimit: number) {
  const [params, setParams] = usePageSearchParams();
  const search = params.get('search') ?? '';
  const page = Number(params.get('page') ?? 0);
  const limit = Number(params.get('limit') ?? defaultLimit);
  const [typed, setTyped] = useState(search);

  const change = (next: Record<string, string | null>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === null) merged.delete(key);
      else merged.set(key, value);
    }
    setParams(merged, { replace: true });
  };
  useEffect(() => {
    if (typed === search) return;
    const timer = setTimeout(() => change({ search: typed || null, page: null }), 400);
    return () => clearTimeout(timer);
  });

  return { params, search, page, limit, defaultLimit, typed, setTyped, change };
}
export type OpsListParams = ReturnType<typeof useOpsListParams>;
