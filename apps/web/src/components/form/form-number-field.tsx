import type { FieldValues } from 'react-hook-form';
import { type BoundFieldProps, BoundOutlinedField } from './bound-outlined-field';

/** A number field's props: its rule's limits fill the message ("50 to 2048 GB"); the schema checks it. */
export type FormNumberFieldProps<T extends FieldValues> = Omit<BoundFieldProps<T>, 'type'>;

/** Digits become a number; anything else stays text, for the schema to refuse. */
const toNumber = (typed: string) => {
  const text = typed.trim();
  return /^\d{1,9}$/.test(text) ? Number(text) : text;
};

/**
 * A whole-number field for a zod schema that wants a number: digits become a number, anything
 * else stays text, which the schema refuses with its own message (rather than the field silently
 * turning "1e3" or "" into something else).
 */
export function FormNumberField<T extends FieldValues>({ htmlInput, ...props }: FormNumberFieldProps<T>) {
  return (
    <BoundOutlinedField
      {...props}
      validate={false}
      parse={toNumber}
      htmlInput={{ inputMode: 'numeric', ...htmlInput }}
    />
  );
}
