import { DEFAULT_PAGE_SIZE, FIRST_PAGE, UPDATE_NEEDS_ID } from '@portal/shared';
import { type RequestOptions, request } from './api-client';
import { type PageParams, resourceKeys } from './query-keys';

export interface Paged<T> {
  records: T[];
  total: number;
  page: number;
  limit: number;
}

export interface Tag {
  id: string;
  resId: string;
  type: string;
  key: string;
  value: string;
}

type Id = string | number;

const path = (base: string, id: Id) => `${base}/${encodeURIComponent(String(id))}`;

/**
 * The generic resource calls of spec section 7 for one base path (a kit resource's own go through
 * `resourceApi` of its shared contract): create, get, list (paged),
 * update, remove, and the tag look-ups keyed by the base's last segment.
 */
export function resource<T extends { id?: Id }, Create = Omit<T, 'id'>>(base: string) {
  const type = base.split('/').filter(Boolean).pop() ?? base;
  return {
    base,
    keys: resourceKeys(base),
    create: (body: Create, options?: RequestOptions) => request<T>('POST', base, { ...options, body }),
    get: (id: Id, options?: RequestOptions) => request<T>('GET', path(base, id), options),
    /** The whole list, unpaged. */
    all: (options?: RequestOptions) => request<T[]>('GET', base, options),
    /** One page; page counts from 0 and limit 0 means every row. */
    list: (params: PageParams = {}, options?: RequestOptions) =>
      request<Paged<T>>('GET', base, {
        ...options,
        query: {
          ...options?.query,
          page: params.page ?? FIRST_PAGE,
          limit: params.limit ?? DEFAULT_PAGE_SIZE,
          sort: params.sort,
          orderby: params.orderby,
          t: Date.now(),
        },
      }),
    update: (data: Partial<T>, options?: RequestOptions) => {
      const { id, ...body } = data;
      if (id === undefined || id === null || id === '') throw new Error(UPDATE_NEEDS_ID);
      return request<T>('PATCH', path(base, id), { ...options, body });
    },
    remove: (id: Id, options?: RequestOptions) => request<unknown>('DELETE', path(base, id), options),
    tagKeys: (options?: RequestOptions) =>
      request<string[]>('GET', '/tags/keys', { ...options, query: { type, t: Date.now() } }),
    tags: (ids: readonly Id[], options?: RequestOptions) =>
      request<Tag[]>('GET', '/tags/resid', {
        ...options,
        query: { type, res_id: ids.join(','), t: Date.now() },
      }),
  };
}
