import { useQuery } from '@tanstack/react-query';
import type { ApiKey, ApiKeyCreate, ApiKeyCreated } from '@portal/shared';
import { type RequestOptions, api } from '../../lib/api/api-client';
import { resourceKeys } from '../../lib/api/query-keys';

/** The API's base of the caller's own keys: their queries, and what a change asks again. */
export const API_KEYS = '/api-keys';
export const apiKeyKeys = resourceKeys(API_KEYS);

/** The caller's own keys, newest first: at most API_KEY_MAX_PER_USER, so one answer holds them all. */
export const useApiKeys = () =>
  useQuery({
    queryKey: apiKeyKeys.lists(),
    queryFn: () => api.get<ApiKey[]>(API_KEYS, { track: false }),
  });

/** A new key: the answer holds its secret, which is never answered again. */
export const createApiKey = (body: ApiKeyCreate) => api.post<ApiKeyCreated>(API_KEYS, body);

/** Revokes a key: the next call made with it is refused. */
export const revokeApiKey = (key: ApiKey, options?: RequestOptions) =>
  api.delete<ApiKey>(`${API_KEYS}/${encodeURIComponent(key.id)}`, options);
