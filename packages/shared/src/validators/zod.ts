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

/**
 * One value of a code list (src/enums). With `coerce`, a query-string "1" reads as the numeric 1;
 * otherwise the value must already be one of the list's values.
 */
export function zEnumValue<E extends EnumObject>(e: E, options: { coerce?: boolean } = {}) {
  const values = enumValues(e) as [EnumValue<E>, ...EnumValue<E>[]];
  const schema = z.literal(values, { error: 'validation.needBeOneOf' });
  return options.coerce ? z.preprocess((v) => parseEnumValue(e, v) ?? v, schema) : schema;
}
