import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api/api-error';
import { reportApiError } from '../../../lib/api/report-api-error';
import { keyRefusal } from './object-paths';
import { type UploadRequest, sendFile } from './upload-request';
import { uploadUrl } from './objects-api';

/** Files sent at once; the rest wait their turn. */
export const UPLOADS_AT_ONCE = 3;

export type UploadStatus = 'waiting' | 'uploading' | 'done' | 'failed' | 'cancelled';

export interface UploadItem {
  id: number;
  key: string;
  file: File;
  /** 0 to 1. */
  progress: number;
  status: UploadStatus;
  /** Why it failed: an i18n key ("apiError:KEY_TOO_LONG"). */
  reason?: string;
}

/** The message key of a failed upload, as the api client would show it. */
function failureReason(error: unknown): string {
  if (!(error instanceof ApiError)) return 'apiError:unexpectedServerError';
  if (error.isNetworkError) return 'apiError:networkError';
  if (error.status === 401) return 'apiError:error401';
  if (error.status === 403) return 'apiError:error403';
  return error.msg ? `apiError:${error.msg}` : 'apiError:unexpectedServerError';
}

let nextId = 1;

/**
 * The uploads of a bucket: files queued with their keys, sent a few at a time, each with its
 * progress and its outcome. `onSettled` runs when the queue has finished work it started.
 */
export function useUploadQueue(bucket: string, onSettled: () => void) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const requests = useRef(new Map<number, UploadRequest>());
  const settled = useRef(onSettled);
  settled.current = onSettled;
  const dirty = useRef(false);

  const update = useCallback((id: number, change: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  const start = useCallback(
    (item: UploadItem) => {
      dirty.current = true;
      const request = sendFile(uploadUrl(bucket, item.key), item.file, (progress) =>
        update(item.id, { progress }),
      );
      requests.current.set(item.id, request);
      request.done.then(
        () => update(item.id, { status: 'done', progress: 1 }),
        (error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') {
            update(item.id, { status: 'cancelled' });
            return;
          }
          // A signed-out session signs out here as it would anywhere else.
          if (error instanceof ApiError && error.status === 401) reportApiError(error);
          update(item.id, { status: 'failed', reason: failureReason(error) });
        },
      );
      request.done.catch(() => undefined).finally(() => requests.current.delete(item.id));
    },
    [bucket, update],
  );

  // Start waiting files while fewer than UPLOADS_AT_ONCE are on their way.
  useEffect(() => {
    const running = items.filter((i) => i.status === 'uploading').length;
    const waiting = items.filter((i) => i.status === 'waiting').slice(0, UPLOADS_AT_ONCE - running);
    if (waiting.length > 0) {
      setItems((list) =>
        list.map((i) => (waiting.some((w) => w.id === i.id) ? { ...i, status: 'uploading' } : i)),
      );
      for (const item of waiting) start(item);
      return;
    }
    if (running === 0 && dirty.current) {
      dirty.current = false;
      settled.current();
    }
  }, [items, start]);

  // Leaving the page stops what is still on its way.
  useEffect(() => {
    const open = requests.current;
    return () => {
      for (const request of open.values()) request.abort();
    };
  }, []);

  /** Queues files under `prefix`; a folder's files keep their paths inside it. */
  const add = useCallback((files: readonly File[], prefix: string) => {
    const added = files.map<UploadItem>((file) => {
      const key = `${prefix}${file.webkitRelativePath || file.name}`;
      const refusal = keyRefusal(key);
      return refusal === null
        ? { id: nextId++, key, file, progress: 0, status: 'waiting' }
        : { id: nextId++, key, file, progress: 0, status: 'failed', reason: `apiError:${refusal}` };
    });
    setItems((list) => [...list, ...added]);
  }, []);

  const cancel = useCallback((id: number) => {
    const request = requests.current.get(id);
    if (request) request.abort();
    else
      setItems((list) =>
        list.map((i) => (i.id === id && i.status === 'waiting' ? { ...i, status: 'cancelled' } : i)),
      );
  }, []);

  const cancelAll = useCallback(() => {
    setItems((list) => list.map((i) => (i.status === 'waiting' ? { ...i, status: 'cancelled' } : i)));
    for (const request of requests.current.values()) request.abort();
  }, []);

  /** Drops finished rows (done, failed, cancelled) from the list. */
  const clearFinished = useCallback(() => {
    setItems((list) => list.filter((i) => i.status === 'waiting' || i.status === 'uploading'));
  }, []);

  return { items, add, cancel, cancelAll, clearFinished };
}
