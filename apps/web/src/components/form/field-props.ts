import type { ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';

/**
 * What every field of a form repeats: the form's control, the field's name, and its label, by
 * default `fields.<name>` in the form's namespace. `<FormTextField {...field('email')} required />`
 */
export function fieldProps<T extends FieldValues, Context, Out extends FieldValues>(
  control: Control<T, Context, Out>,
  t: (key: string) => string,
) {
  return (name: FieldPath<T>, label: ReactNode = t(`fields.${name}`)) => ({ control, name, label });
}
