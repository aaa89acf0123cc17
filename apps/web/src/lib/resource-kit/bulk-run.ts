import type { RuleResult } from '@portal/shared';
import { isApiError } from '../api/api-error';
import { reportApiError } from '../api/report-api-error';

/** Where one row of a bulk run is; `message` is a message key (`apiError.VM_STATUS_ERROR`). */
export type BulkOutcome =
  | { status: 'pending' }
  | { status: 'running' }
  | { status: 'done' }
  | { status: 'failed'; message: string }
  | { status: 'skipped'; message: string };

/** How many rows run at once: a few, so a large selection neither crawls nor floods the API. */
export const BULK_CONCURRENCY = 3;

/** The message key of a failed call, as the toasts would show it. */
export function failureMessage(error: unknown): string {
  if (!isApiError(error)) return 'apiError.unexpectedServerError';
  if (error.isNetworkError) return 'apiError.networkError';
  if (error.status === 401) return 'apiError.error401';
  if (error.status === 403) return 'apiError.error403';
  if (error.msg && error.status < 500) return `apiError.${error.msg}`;
  return 'apiError.unexpectedServerError';
}

/**
 * Runs an action row by row. Rows the shared rule refuses are skipped with its reason (the server
 * would refuse them too); each call's result is reported as it arrives, so the dialog shows the
 * run progressing. Calls handle their own errors (one toast per row would bury the page), except
 * that a dead session still signs out.
 */
export async function runBulk<T>(
  rows: readonly T[],
  allowed: (row: T) => RuleResult,
  run: (row: T) => Promise<unknown>,
  onUpdate: (index: number, outcome: BulkOutcome) => void,
  concurrency = BULK_CONCURRENCY,
): Promise<BulkOutcome[]> {
  const outcomes: BulkOutcome[] = rows.map(() => ({ status: 'pending' }));
  const set = (index: number, outcome: BulkOutcome) => {
    outcomes[index] = outcome;
    onUpdate(index, outcome);
  };
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const index = next++;
      const row = rows[index] as T;
      const rule = allowed(row);
      if (rule !== true) {
        set(index, { status: 'skipped', message: `apiError.${rule}` });
        continue;
      }
      set(index, { status: 'running' });
      try {
        await run(row);
        set(index, { status: 'done' });
      } catch (error) {
        if (isApiError(error) && error.status === 401) reportApiError(error);
        set(index, { status: 'failed', message: failureMessage(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, worker));
  return outcomes;
}
