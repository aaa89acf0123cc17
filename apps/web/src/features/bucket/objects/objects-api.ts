import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type FolderCreate,
  OBJECT_PAGE_MAX,
  type ObjectEntry,
  type ObjectPage,
  type ObjectRename,
  type ObjectTransfer,
  type PresignAnswer,
  type PresignBody,
} from '@portal/shared';
import { API_BASE, api, buildHeaders } from '../../../lib/api/api-client';
import { ApiError } from '../../../lib/api/api-error';
import { resourceKeys } from '../../../lib/api/query-keys';
import { reportApiError } from '../../../lib/api/report-api-error';
import { trackCall } from '../../../lib/api/pending-calls';
import { saveBlob } from '../../../lib/save-file';
import { downloadName } from './object-paths';

const buckets = resourceKeys('/buckets');
const base = (bucket: string): `/buckets/${string}` => `/buckets/${encodeURIComponent(bucket)}`;

/** Everything cached about a bucket's objects (below its detail: a change re-reads both). */
export const objectKeys = {
  all: (bucket: string) => [...buckets.detail(bucket), 'objects'] as const,
  page: (bucket: string, query: { prefix: string; cursor?: string; limit: number }) =>
    [...buckets.detail(bucket), 'objects', query] as const,
};

/** After a change: the listing and the bucket's measure (size, object count). */
export const changedKeys = (bucket: string) => buckets.detail(bucket);

export function useObjectPage(
  bucket: string,
  query: { prefix: string; cursor?: string; limit: number },
  enabled = true,
) {
  return useQuery({
    queryKey: objectKeys.page(bucket, query),
    queryFn: ({ signal }) => api.get<ObjectPage>(`${base(bucket)}/objects`, { query, signal, track: false }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Every entry of a folder, page after page by cursor (an export holds them all, not one page). */
export async function listAllObjects(bucket: string, prefix: string): Promise<ObjectEntry[]> {
  const entries: ObjectEntry[] = [];
  let cursor: string | undefined;
  do {
    const page = await api.get<ObjectPage>(`${base(bucket)}/objects`, {
      query: { prefix, cursor, limit: OBJECT_PAGE_MAX },
      track: false,
    });
    entries.push(...page.entries);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return entries;
}

export const createFolder = (bucket: string, body: FolderCreate) =>
  api.post<unknown>(`${base(bucket)}/folders`, body, { handleErrors: true });

export const renameObject = (bucket: string, body: ObjectRename) =>
  api.post<unknown>(`${base(bucket)}/objects/rename`, body, { handleErrors: true });

export const transferObjects = (bucket: string, body: ObjectTransfer) =>
  api.post<{ count: number }>(`${base(bucket)}/objects/transfer`, body, { handleErrors: true });

export const deleteObjects = (bucket: string, keys: string[]) =>
  api.post<{ count: number }>(`${base(bucket)}/objects/delete`, { keys });

export const presignObject = (bucket: string, body: PresignBody) =>
  api.post<PresignAnswer>(`${base(bucket)}/objects/presign`, body, { handleErrors: true });

/** Where a file is uploaded to (PUT, the raw file as the body). */
export const uploadUrl = (bucket: string, key: string) =>
  `${API_BASE}${base(bucket)}/objects?${new URLSearchParams({ key }).toString()}`;

/**
 * Downloads a file with the session's headers (a plain link would carry no token) and hands it
 * to the browser to save. A failure is reported as any call's is.
 */
export async function downloadObject(bucket: string, key: string): Promise<void> {
  const url = `${API_BASE}${base(bucket)}/objects/download?${new URLSearchParams({ key }).toString()}`;
  const headers = buildHeaders({}, false);
  headers.set('Accept', '*/*');
  try {
    const response = await trackCall(fetch(url, { headers }).catch(() => null));
    if (!response) throw new ApiError(0, 'networkError');
    if (!response.ok) {
      const body = (await response.json().catch(() => undefined)) as { msg?: unknown } | undefined;
      throw new ApiError(response.status, typeof body?.msg === 'string' ? body.msg : '');
    }
    saveBlob(downloadName(key), await response.blob());
  } catch (error) {
    if (error instanceof ApiError) reportApiError(error);
    throw error;
  }
}
