import { z } from 'zod';
import { type EnumObject, type EnumValue, enumValues, parseEnumValue } from '../enums/enum.js';
import type { Rule } from './rule.js';

/**
 * A zod string checked by a shared rule; the issue message is the rule's message key, with the
 * rule's limits as params, so the server's 400 and the form show the same words.
 */
export function zRule(rule: Rule, base: z.ZodString = z.string()) {
  return base.superRefine((value, ctx) => {
    const result = rule(value);
    if (result !== true) ctx.addIssue({ code: 'custom', message: result, params: rule.values });
  });
}

/**
 * A required string: empty gives validation.notEmpty and the rule does not run (so an empty field
 * reports one problem, not "cannot be empty" and "wrong format" together).
 */
export function zRequired(rule?: Rule) {
  const base = z
    .string({ error: 'validation.notEmpty' })
    .trim()
    .min(1, { error: 'validation.notEmpty', abort: true });
  return rule ? zRule(rule, base) : base;
}

/** A row's id as PostgreSQL prints a uuid (either case): 8-4-4-4-12 hexadecimal digits. */
const UUID_TEXT = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** Whether text is a row's id; nothing else can name a row, nor be compared with a uuid column. */
export const isUuid = (text: string): boolean => UUID_TEXT.test(text);

/**
 * A field naming a row (`vmUuid`, an item of `firewallUuids`): a UUID, lowercased, so a body that
 * names a row by anything else is refused with the field before the server asks the database
 * (where PostgreSQL would fail comparing it with a uuid column). Empty is validation.notEmpty;
 * other text validation.needBeOneOf (a form picks the row from a list). OpenAPI says `uuid`.
 */
export function zUuid() {
  return z
    .string({ error: 'validation.notEmpty' })
    .trim()
    .min(1, { error: 'validation.notEmpty', abort: true })
    .regex(UUID_TEXT, { error: 'validation.needBeOneOf' })
    .toLowerCase()
    .meta({ format: 'uuid' });
}

/** A reference a form may leave blank: empty text (no row), or a UUID as zUuid. */
export const zUuidOrEmpty = () => z.union([z.literal(''), zUuid()], { error: 'validation.needBeOneOf' });

/**
 * One value of a code list (src/enums). With `coerce`, a query-string "1" reads as the numeric 1;
 * otherwise the value must already be one of the list's values.
 */
export function zEnumValue<E extends EnumObject>(e: E, options: { coerce?: boolean; message?: string } = {}) {
  const values = enumValues(e) as [EnumValue<E>, ...EnumValue<E>[]];
  const { message } = options;
  // A value left out is still "fill it in", whatever a value outside the list is called.
  const error = message
    ? (issue: { input?: unknown }) => (issue.input === undefined ? 'validation.notEmpty' : message)
    : 'validation.needBeOneOf';
  const schema = z.literal(values, { error });
  return options.coerce ? z.preprocess((v) => parseEnumValue(e, v) ?? v, schema) : schema;
}
