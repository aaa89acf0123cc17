import { useQuery } from '@tanstack/react-query';
import type { Tag, TagsPut } from '@portal/shared';
import { type RequestOptions, api } from '../api/api-client';
import { keysOf, useResourceMutation } from './resource-queries';

/** The tag type of a base path: its last segment (`/vms` → `vms`, spec section 7). */
export const tagTypeOf = (base: string) => base.split('/').filter(Boolean).pop() ?? base;

/** The keys in use on this kind of resource, offered while typing a key. */
export function useTagKeys(base: string) {
  return useQuery({
    queryKey: keysOf({ base }).tagKeys(),
    queryFn: () =>
      api.get<string[]>('/tags/keys', { query: { type: tagTypeOf(base), t: Date.now() }, track: false }),
    staleTime: 60_000,
  });
}

export function useResourceTags(base: string, id: string) {
  return useQuery({
    queryKey: keysOf({ base }).tags([id]),
    queryFn: () =>
      api.get<Tag[]>('/tags/resid', {
        query: { type: tagTypeOf(base), res_id: id, t: Date.now() },
        track: false,
      }),
  });
}

/** Replaces one row's tag set (`PUT /tags/{type}/{id}`). */
export const putTags = (base: string, id: string, body: TagsPut, options?: Omit<RequestOptions, 'body'>) =>
  api.put<Tag[]>(`/tags/${tagTypeOf(base)}/${encodeURIComponent(id)}`, body, options);

/** Replaces a resource's tag set. */
export function usePutTags(base: string) {
  return useResourceMutation({ base }, ({ id, body }: { id: string; body: TagsPut }) =>
    putTags(base, id, body),
  );
}
