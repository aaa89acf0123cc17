import type { ApiErrorBody } from '@portal/shared';

export type FieldProblem = NonNullable<ApiErrorBody['errors']>[number];

/**
 * A failed call. `status` 0 means the request never got an answer (network failure); `msg` is the
 * server's error code (LOGIN_ERROR, FORMAT_ERROR, ...) or '' when the body had none.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly msg: string,
    readonly errors: FieldProblem[] = [],
    readonly retryAfterSeconds?: number,
  ) {
    super(msg ? `${status} ${msg}` : `HTTP ${status}`);
    this.name = 'ApiError';
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
