/**
 * Query keys, built by factories so that invalidating `keys.all` reaches every list, detail and
 * tag query of a resource, and no page spells a key by hand.
 */
export interface PageParams {
  page?: number;
  limit?: number;
  sort?: string;
  orderby?: 'asc' | 'desc';
}

export function resourceKeys(base: string) {
  const all = [base] as const;
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: (params: PageParams = {}) => [...all, 'list', params] as const,
    /** A list page with its search and filters, as sent to the API. */
    listQuery: (query: Readonly<Record<string, string | number | undefined>>) =>
      [...all, 'list', query] as const,
    details: () => [...all, 'detail'] as const,
    detail: (id: string | number) => [...all, 'detail', String(id)] as const,
    tagKeys: () => [...all, 'tagKeys'] as const,
    tags: (ids: readonly (string | number)[]) => [...all, 'tags', ids.map(String)] as const,
  };
}

/** Keys of the account-wide answers the layouts use. */
export const queryKeys = {
  auth: {
    /** Permissions are cached once per token (spec section 4). */
    page: (token: string | null) => ['auth', 'page', token] as const,
  },
};
