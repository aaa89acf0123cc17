import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import type { Rule } from '@portal/shared';
import { OutlinedField, type OutlinedFieldProps } from './outlined-field';
import { useFieldMessage } from './use-field-message';

export type FormNumberFieldProps<T extends FieldValues> = Omit<
  OutlinedFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'error' | 'type'
> & {
  control: Control<T>;
  name: FieldPath<T>;
  /** The shared rule behind the field: its limits fill the message ("50 to 2048 GB"). */
  rule?: Rule;
};

/**
 * A whole-number field for a zod schema that wants a number: digits become a number, anything
 * else stays text, which the schema refuses with its own message (rather than the field silently
 * turning "1e3" or "" into something else).
 */
export function FormNumberField<T extends FieldValues>({
  control,
  name,
  rule,
  helperText,
  htmlInput,
  ...rest
}: FormNumberFieldProps<T>) {
  const message = useFieldMessage();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <OutlinedField
          {...rest}
          name={field.name}
          value={field.value ?? ''}
          onChange={(e) => {
            const text = e.target.value.trim();
            field.onChange(/^\d{1,9}$/.test(text) ? Number(text) : text);
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={message(fieldState.error, rule?.values) ?? helperText ?? ' '}
          htmlInput={{ inputMode: 'numeric', 'data-testid': `field-${name}`, ...htmlInput }}
        />
      )}
    />
  );
}
