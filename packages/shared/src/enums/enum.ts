/**
 * Helpers for the code lists of spec sections 3 and 4. Each list is an `as const` object from a
 * name to its wire value (`VmStatus.RUNNING === 1`), with a type of the same name for its values.
 *
 * Label keys: every value has a translation key `enums.<enumName>.<value>`, where `enumName` is the
 * list's name in `ENUMS` (src/enums/index.ts, lowerCamelCase) and `value` is the wire value as
 * text: `enums.vmStatus.1`, `enums.firewallStatus.-1`, `enums.ticketStatus.NEW`,
 * `enums.alarmOperator.>=`. The web keeps them in its `enums` namespace; `ENUM_LABEL_KEYS` lists
 * them all so a test can check every one has a translation.
 */
export type EnumObject = Readonly<Record<string, string | number>>;
export type EnumValue<E extends EnumObject> = E[keyof E];
export type EnumLabelKey<N extends string, E extends EnumObject> = `enums.${N}.${EnumValue<E>}`;

/** The values of a list, in declaration order. */
export function enumValues<E extends EnumObject>(e: E): EnumValue<E>[] {
  return Object.values(e) as EnumValue<E>[];
}

/** Whether `value` is one of the list's values (strictly: `'1'` is not `1`). */
export function isEnumValue<E extends EnumObject>(e: E, value: unknown): value is EnumValue<E> {
  return (Object.values(e) as unknown[]).includes(value);
}

/**
 * Reads a value from the wire or a query string: `1` or `'1'` for a numeric list, the exact text
 * for a text list. Answers `undefined` when it is none of the list's values.
 */
export function parseEnumValue<E extends EnumObject>(e: E, value: unknown): EnumValue<E> | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  return enumValues(e).find((v) => String(v) === String(value));
}

/** The label key of one value. */
export function enumLabelKey<N extends string, E extends EnumObject>(
  name: N,
  _e: E,
  value: EnumValue<E>,
): EnumLabelKey<N, E> {
  return `enums.${name}.${value}` as EnumLabelKey<N, E>;
}

/** A label-key function for one list: `vmStatusLabelKey(VmStatus.RUNNING) === 'enums.vmStatus.1'`. */
export function labelKeyOf<N extends string, E extends EnumObject>(name: N, e: E) {
  return (value: EnumValue<E>): EnumLabelKey<N, E> => enumLabelKey(name, e, value);
}

/** Every label key of one list, in declaration order. */
export function enumLabelKeys<N extends string, E extends EnumObject>(name: N, e: E): EnumLabelKey<N, E>[] {
  return enumValues(e).map((v) => enumLabelKey(name, e, v));
}
