/** What `portal` exits with, for scripts (docs/cli.md). */
export const Exit = {
  OK: 0,
  /** Anything unexpected: the API unreachable, a 5xx, a bug. */
  UNEXPECTED: 1,
  /** The command line is wrong: an unknown command or option, a missing argument. */
  USAGE: 2,
  /** No key saved or given, or the API answered 401. */
  NOT_SIGNED_IN: 3,
  /** 403: the key may not do this (API_KEY_NOT_ALLOWED on console-only routes, FORBIDDEN). */
  FORBIDDEN: 4,
  /** 404. */
  NOT_FOUND: 5,
  /** Any other 4xx: the API refused with a code (a rule, a wrong password, a conflict). */
  REFUSED: 6,
  /** --wait: the cloud operation ended in failure. */
  OPERATION_FAILED: 7,
} as const;
export type Exit = (typeof Exit)[keyof typeof Exit];

/**
 * A failure that ends the command with `exit`: its text is already in the user's language, and
 * `code` is the API's error code when the API gave one.
 */
export class CliError extends Error {
  constructor(
    readonly exit: Exit,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** The exit code of an API refusal by its HTTP status. */
export function exitOfStatus(status: number): Exit {
  if (status === 401) return Exit.NOT_SIGNED_IN;
  if (status === 403) return Exit.FORBIDDEN;
  if (status === 404) return Exit.NOT_FOUND;
  if (status >= 400 && status < 500) return Exit.REFUSED;
  return Exit.UNEXPECTED;
}
