import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../lib/api/api-error';

/**
 * Puts the field problems of a FORMAT_ERROR answer on the form's fields (the api client has
 * already shown the toast). Answers whether any field got a message.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!isApiError(error) || error.errors.length === 0) return false;
  let applied = false;
  for (const problem of error.errors) {
    const field = fields.find((f) => f === problem.path);
    if (field) {
      setError(field, { type: 'server', message: problem.message });
      applied = true;
    }
  }
  return applied;
}
