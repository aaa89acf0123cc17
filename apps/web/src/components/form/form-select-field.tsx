import type { ReactNode } from 'react';
import TextField from '@mui/material/TextField';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useFieldMessage } from './use-field-message';

export type FormSelectFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: ReactNode;
  required?: boolean;
  helperText?: ReactNode;
  /** The options, as MUI MenuItems. */
  children: ReactNode;
  /** An option with the value '' is a choice of its own ("do not attach"), shown as chosen. */
  emptyIsChoice?: boolean;
};

/** A select bound to react-hook-form that shows the translated validator message. */
export function FormSelectField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  helperText,
  children,
  emptyIsChoice = false,
}: FormSelectFieldProps<T>) {
  const message = useFieldMessage();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          label={label}
          required={required}
          error={Boolean(fieldState.error)}
          helperText={message(fieldState.error) ?? helperText ?? ' '}
          slotProps={{
            htmlInput: { 'data-testid': `field-${name}` },
            select: {
              displayEmpty: emptyIsChoice,
              MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } },
            },
            inputLabel: emptyIsChoice ? { shrink: true } : undefined,
          }}
        >
          {children}
        </TextField>
      )}
    />
  );
}
