import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import type { Rule } from '@portal/shared';
import { OutlinedField, type OutlinedFieldProps } from './outlined-field';
import { useFieldMessage } from './use-field-message';

export type BoundFieldProps<T extends FieldValues> = Omit<
  OutlinedFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'error'
> & {
  control: Control<T>;
  /** The form field, named like the API field it fills. */
  name: FieldPath<T>;
  /** The shared rule behind the field; its limits fill the message ("12 to 32 characters"). */
  rule?: Rule;
};

/**
 * What the text and number fields share: an OutlinedField bound to react-hook-form, its translated
 * validator message, and its test id `field-<name>`. `validate` checks the rule when the form has
 * no schema resolver; `parse` turns the typed text into the field's value.
 */
export function BoundOutlinedField<T extends FieldValues>({
  control,
  name,
  rule,
  validate,
  parse,
  helperText,
  htmlInput,
  ...rest
}: BoundFieldProps<T> & { validate: boolean; parse?: (text: string) => unknown }) {
  const message = useFieldMessage();
  return (
    <Controller
      control={control}
      name={name}
      rules={
        validate && rule
          ? { validate: (value: unknown) => rule(typeof value === 'string' ? value.trim() : value) }
          : undefined
      }
      render={({ field, fieldState }) => (
        <OutlinedField
          {...rest}
          name={field.name}
          value={field.value ?? ''}
          onChange={parse ? (e) => field.onChange(parse(e.target.value)) : field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={message(fieldState.error, rule?.values) ?? helperText ?? ' '}
          htmlInput={{ 'data-testid': `field-${name}`, ...htmlInput }}
        />
      )}
    />
  );
}
