/**
 * A validation rule of spec section 5: it returns `true` or the message key of the failure.
 * Rules made by a factory with limits (ranges, lengths) carry those limits in `values`, so a form
 * can interpolate them into the message ("between {{min}} and {{max}}").
 */
export type ValidationResult = true | string;
export interface Rule {
  (value: unknown): ValidationResult;
  values?: Record<string, string | number>;
}

export function withValues(
  rule: (value: unknown) => ValidationResult,
  values: Record<string, string | number>,
): Rule {
  const r = rule as Rule;
  r.values = values;
  return r;
}

export const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** The text of a value for string rules; numbers are accepted as their decimal text. */
export const text = (value: unknown): string | null =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : null;

/**
 * The integer a value stands for: an integer number, or a string of decimal digits (an optional
 * minus sign). Anything else (" 4", "4.0", "0x4", "", null) is `null`, unlike `Number()`.
 */
export const integerOf = (value: unknown): number | null => {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  return typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : null;
};

/** Length in characters (code points), so a rare Chinese character outside the BMP counts once. */
export const charCount = (s: string): number => [...s].length;

/** An empty value or empty list passes; otherwise the inner rule applies. */
export function optional(rule: Rule): Rule {
  const wrapped = ((value: unknown) => (isBlank(value) ? true : rule(value))) as Rule;
  if (rule.values) wrapped.values = rule.values;
  return wrapped;
}

/** Run rules in order; the first failure wins. */
export function all(...rules: Rule[]): Rule {
  const combined = ((value: unknown) => {
    for (const rule of rules) {
      const result = rule(value);
      if (result !== true) return result;
    }
    return true;
  }) as Rule;
  combined.values = Object.assign({}, ...rules.map((r) => r.values ?? {}));
  return combined;
}
