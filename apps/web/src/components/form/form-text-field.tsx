import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { type Rule, isResourceName } from '@portal/shared';
import { OutlinedField, type OutlinedFieldProps } from './outlined-field';
import { useFieldMessage } from './use-field-message';

export type FormTextFieldProps<T extends FieldValues> = Omit<
  OutlinedFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'error'
> & {
  control: Control<T>;
  /** The form field, named like the API field it fills. */
  name: FieldPath<T>;
  /**
   * The shared rule behind the field; its limits fill the message ("12 to 32 characters"). In a
   * form without a schema resolver it also validates the field (trimmed, as the server's schemas
   * trim); with a resolver, the resolver's schema decides.
   */
  rule?: Rule;
};

/** A text field bound to react-hook-form that shows the translated validator message. */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  rule,
  helperText,
  htmlInput,
  ...rest
}: FormTextFieldProps<T>) {
  const message = useFieldMessage();
  return (
    <Controller
      control={control}
      name={name}
      rules={rule && { validate: (value: unknown) => rule(typeof value === 'string' ? value.trim() : value) }}
      render={({ field, fieldState }) => (
        <OutlinedField
          {...rest}
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
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

/**
 * A resource's name: the shared name rule (or the resource's own, such as a bucket's), required,
 * never filled in by the browser.
 */
export function FormNameField<T extends FieldValues>(props: FormTextFieldProps<T>) {
  return <FormTextField rule={isResourceName} required autoComplete="off" {...props} />;
}
