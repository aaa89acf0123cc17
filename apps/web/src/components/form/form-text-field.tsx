import type { FieldValues } from 'react-hook-form';
import { isEmail, isResourceName } from '@portal/shared';
import { type BoundFieldProps, BoundOutlinedField } from './bound-outlined-field';

/**
 * A text field's props: the shared rule behind the field fills its message; in a form without a
 * schema resolver it also validates the field (trimmed, as the server's schemas trim); with a
 * resolver, the resolver's schema decides.
 */
export type FormTextFieldProps<T extends FieldValues> = BoundFieldProps<T>;

/** A text field bound to react-hook-form that shows the translated validator message. */
export function FormTextField<T extends FieldValues>(props: FormTextFieldProps<T>) {
  return <BoundOutlinedField {...props} validate />;
}

/**
 * A resource's name: the shared name rule (or the resource's own, such as a bucket's), required,
 * never filled in by the browser.
 */
export function FormNameField<T extends FieldValues>(props: FormTextFieldProps<T>) {
  return <FormTextField rule={isResourceName} required autoComplete="off" {...props} />;
}

/** An email address: the shared email rule, the keyboard and autofill of an address. */
export function FormEmailField<T extends FieldValues>(props: FormTextFieldProps<T>) {
  return <FormTextField rule={isEmail} type="email" {...props} />;
}
