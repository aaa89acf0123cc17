import type { ApiErrorBody, ErrorCode } from '@portal/shared';

export type ErrorMsg = ApiErrorBody['msg'];

/**
 * A refusal the caller should see: the HTTP status and the `msg` of the body. Anything else thrown
 * is a fault of ours and answers 500 without details.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorMsg,
    readonly headers: Readonly<Record<string, string>> = {},
    /** Field problems (validation message keys), as a schema refusal gives them. */
    readonly errors?: { path: string; message: string }[],
  ) {
    super(code);
    this.name = 'AppError';
  }
}

/** A business rule said no: 400 with a code of the catalogue (spec section 8). */
export const fail = (code: ErrorCode) => new AppError(400, code);

/** A shared allowed-action rule's answer (packages/shared/src/rules): go on, or refuse with its code. */
export function allowed(result: true | ErrorCode): void {
  if (result !== true) throw fail(result);
}

/** A rule across fields said no: 400 with the code and each field's message key, for the form. */
export const fieldsRefused = (code: ErrorCode, problems: Record<string, string>) =>
  new AppError(
    400,
    code,
    {},
    Object.entries(problems).map(([path, message]) => ({ path, message })),
  );

/**
 * PostgreSQL's word that a change met another at the same moment: a unique index took the other's
 * row first (23505), or the server gave up one of two transactions waiting for each other (40P01,
 * 40001). Drizzle hands the driver's error on as the `cause` of its own.
 */
const CONFLICT_CODES: ReadonlySet<string> = new Set(['23505', '40P01', '40001']);

/** Whether the error, or one it was caused by, carries one of these SQLSTATE codes. */
function hasDatabaseCode(error: unknown, codes: ReadonlySet<string>): boolean {
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && codes.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

const UNIQUE_VIOLATION: ReadonlySet<string> = new Set(['23505']);

/** A unique index refused the row: for a service that answers it with a code of its own. */
export const isUniqueViolation = (error: unknown) => hasDatabaseCode(error, UNIQUE_VIOLATION);

const DEADLOCK: ReadonlySet<string> = new Set(['40P01']);

/** PostgreSQL gave up this transaction, one of two waiting for each other: trying again settles it. */
export const isDeadlock = (error: unknown) => hasDatabaseCode(error, DEADLOCK);

/**
 * What the caller is told of an error: a refusal as it is; a change that met another at the same
 * moment (a unique index, a deadlock) a 409 CONFLICT, which sending it again settles; anything
 * else is ours (null: a 500 with nothing of its insides). Limits and sets are held by a lock on
 * their parent (decision 0025): a CONFLICT answers what no lock stands in front of.
 */
export function refusalOf(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  return hasDatabaseCode(error, CONFLICT_CODES) ? new AppError(409, 'CONFLICT') : null;
}

export const unauthorized = () => new AppError(401, 'UNAUTHORIZED');
export const forbidden = () => new AppError(403, 'FORBIDDEN');
/** 404: another tenant's row or none; a kind the spec gives a code of its own says it (DISK_NOT_FOUND). */
export const notFound = (code: ErrorCode | 'NOT_FOUND' = 'NOT_FOUND') => new AppError(404, code);

/**
 * 429 with the whole seconds to wait, rounded up so a client never comes back too early. The code
 * is TRY_AGAIN_LATER unless a lock has a message of its own.
 */
export const tryAgainLater = (
  retryAfterMs: number,
  code: Extract<ErrorCode, 'TRY_AGAIN_LATER' | 'TWO_FA_LOCKED'> = 'TRY_AGAIN_LATER',
) =>
  new AppError(429, code, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))),
  });
