import { useQuery } from '@tanstack/react-query';
import type {
  Bucket,
  BucketKey,
  BucketKeyCreate,
  BucketKeyCreated,
  BucketUpdate,
  BucketUsage,
  LifecycleRule,
  LifecycleRuleBody,
} from '@portal/shared';
import { api } from '../../lib/api/api-client';
import { resourceKeys } from '../../lib/api/query-keys';
import type { Paged } from '../../lib/api/resource';

/** The bucket's queries; its lifecycle, usage and keys sit under its detail key. */
export const bucketKeys = resourceKeys('/buckets');
const path = (name: string): `/buckets/${string}` => `/buckets/${encodeURIComponent(name)}`;

export const lifecycleKey = (name: string) => [...bucketKeys.detail(name), 'lifecycle'];
export const usageKey = (name: string, days: number) => [...bucketKeys.detail(name), 'usage', days];
/** Keys are a resource of their own (`/bucket-keys`), listed here for one bucket. */
export const keyListKey = (name: string) => [...resourceKeys('/bucket-keys').all, 'bucket', name];

/** A list the API answers either as an array or as a page of records. */
const records = <T>(answer: T[] | Paged<T>): T[] => (Array.isArray(answer) ? answer : answer.records);

export function useLifecycleRules(name: string) {
  return useQuery({
    queryKey: lifecycleKey(name),
    queryFn: () =>
      api
        .get<LifecycleRule[] | Paged<LifecycleRule>>(`${path(name)}/lifecycle-rules`, {
          track: false,
          handleErrors: true,
        })
        .then(records),
  });
}

export const createLifecycleRule = (name: string, body: LifecycleRuleBody) =>
  api.post<LifecycleRule>(`${path(name)}/lifecycle-rules`, body);
export const updateLifecycleRule = (name: string, id: string, body: LifecycleRuleBody) =>
  api.patch<LifecycleRule>(`${path(name)}/lifecycle-rules/${encodeURIComponent(id)}`, body);
export const deleteLifecycleRule = (name: string, id: string) =>
  api.delete(`${path(name)}/lifecycle-rules/${encodeURIComponent(id)}`);

export const setBucketPublic = (name: string, body: BucketUpdate) => api.patch<Bucket>(path(name), body);

export function useBucketUsage(name: string, days: number) {
  return useQuery({
    queryKey: usageKey(name, days),
    queryFn: () =>
      api.get<BucketUsage>(`${path(name)}/usage`, { query: { days }, track: false, handleErrors: true }),
  });
}

export const BUCKET_KEYS = '/bucket-keys';

export function useBucketKeyList(name: string) {
  return useQuery({
    queryKey: keyListKey(name),
    queryFn: () =>
      api
        .get<BucketKey[] | Paged<BucketKey>>(BUCKET_KEYS, {
          query: { bucketName: name, page: 0, limit: 0, t: Date.now() },
          track: false,
          handleErrors: true,
        })
        .then(records),
  });
}

export const createBucketKey = (body: BucketKeyCreate) => api.post<BucketKeyCreated>(BUCKET_KEYS, body);
export const deleteBucketKey = (id: string) => api.delete(`${BUCKET_KEYS}/${encodeURIComponent(id)}`);
