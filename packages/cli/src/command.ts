import type { ParseArgsConfig } from 'node:util';
import type { Context } from './context.js';
import { CliError, Exit } from './exit-codes.js';
import type { MessageKey } from './text.js';

export type Options = NonNullable<ParseArgsConfig['options']>;
export type Values = Record<string, string | boolean | string[] | undefined>;

export interface Command {
  /** The arguments after the command's name, e.g. `<uuid>`. */
  usage: string;
  /** The help line (a message key: the help is in the user's language). */
  summary: MessageKey;
  options?: Options;
  /** The options it cannot do without (the help shows them unbracketed). */
  required?: string[];
  /** How many positional arguments it takes: exactly `n`, or [min, max]. */
  args?: number | [number, number];
  run(ctx: Context, args: string[], values: Values): Promise<void>;
}

/** A group's commands by name (`vm start`), or one command of its own (`usage`). */
export type Group = { commands: Record<string, Command> } | { command: Command };

export const usageError = (ctx: Context, key: MessageKey, vars?: Record<string, string | number>) =>
  new CliError(Exit.USAGE, ctx.text.t(key, vars));

/** A whole number option, or a usage error naming it. */
export function intOption(ctx: Context, values: Values, name: string): number | undefined {
  const value = values[name];
  if (value === undefined) return undefined;
  const n = Number(value);
  if (typeof value !== 'string' || !/^\d+$/.test(value) || !Number.isSafeInteger(n))
    throw usageError(ctx, 'usage.notANumber', { option: `--${name}`, value: String(value) });
  return n;
}

/** A required string option, or a usage error naming it. */
export function required(ctx: Context, values: Values, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '')
    throw usageError(ctx, 'usage.missingOption', { option: `--${name}` });
  return value;
}

/** The login password a destructive action asks for: --password, else PORTAL_PASSWORD. */
export function password(ctx: Context, values: Values): string {
  const value = (values.password as string | undefined) ?? ctx.env.PORTAL_PASSWORD;
  if (!value) throw usageError(ctx, 'usage.missingPassword');
  return value;
}

/** The page a list asks for: --limit (100 unless given), --page, --search. */
export function listQuery(ctx: Context, values: Values) {
  return {
    limit: intOption(ctx, values, 'limit') ?? 100,
    page: intOption(ctx, values, 'page') ?? 0,
    ...(typeof values.search === 'string' ? { search: values.search } : {}),
  };
}

/** Options every list takes. */
export const LIST_OPTIONS: Options = {
  limit: { type: 'string' },
  page: { type: 'string' },
  search: { type: 'string' },
};

export const WAIT_OPTION: Options = { wait: { type: 'boolean' } };
export const PASSWORD_OPTION: Options = { password: { type: 'string' } };
