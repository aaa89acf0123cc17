import { useCallback } from 'react';
import { type SetURLSearchParams, useLocation, useSearchParams } from 'react-router';

/** The route path the address bar shows, or null where the router keeps no address (a memory router). */
function shownPath(): string | null {
  const hash = window.location.hash;
  return hash.startsWith('#/') ? (hash.slice(1).split('?')[0] ?? null) : null;
}

/**
 * useSearchParams for a page that writes its query a moment after the user acts (a search sent
 * once typing stops): a write is dropped once the address shows another page. A click on a row
 * changes the address at once but renders the next page a moment later; a search written in
 * between would replace that page with the list again.
 */
export function usePageSearchParams(): [URLSearchParams, SetURLSearchParams] {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const set = useCallback<SetURLSearchParams>(
    (next, options) => {
      const shown = shownPath();
      if (shown !== null && shown !== pathname) return;
      setParams(next, options);
    },
    [pathname, setParams],
  );
  return [params, set];
}
