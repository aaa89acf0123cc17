import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SEARCH_QUERY_MAX, type SearchAnswer } from '@portal/shared';
import { api } from '../../lib/api/api-client';

/** How long typing must pause before the palette asks (a question per word, not per letter). */
export const SEARCH_DEBOUNCE_MS = 200;

/** `value`, once it has stayed the same for `ms`. */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The console search of `q` (trimmed; nothing is asked for an empty one). The last answer stays
 * on screen while the next is on its way, and a question asked again within a minute is answered
 * from the cache. Failures are the palette's to show: no toast per keystroke.
 */
export function useConsoleSearch(q: string) {
  const question = q.trim().slice(0, SEARCH_QUERY_MAX);
  return useQuery({
    queryKey: ['search', question],
    // The answer keeps its question, so the hits on screen mark what they were found by.
    queryFn: async ({ signal }) => ({
      q: question,
      ...(await api.get<SearchAnswer>('/search', {
        query: { q: question },
        track: false,
        handleErrors: true,
        signal,
      })),
    }),
    enabled: question.length > 0,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
