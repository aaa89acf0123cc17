import type { ReactNode } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

interface FormSwitchFieldProps<T extends FieldValues, V> {
  control: Control<T>;
  name: FieldPath<T>;
  label: ReactNode;
  /** The form values meaning on and off (the account form keeps twoFa as Y/N). */
  on: V;
  off: V;
  disabled?: boolean;
}

export function FormSwitchField<T extends FieldValues, V>({
  control,
  name,
  label,
  on,
  off,
  disabled,
}: FormSwitchFieldProps<T, V>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          disabled={disabled}
          control={
            <Switch
              name={field.name}
              checked={field.value === on}
              onChange={(_, checked) => field.onChange(checked ? on : off)}
              onBlur={field.onBlur}
              slotProps={{ input: { 'data-testid': `field-${name}` } as object }}
            />
          }
        />
      )}
    />
  );
}
