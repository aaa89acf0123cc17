import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../lib/api/api-error';

/**
 * Puts the field problems of a FORMAT_ERROR answer on the form's fields (the api client has
 * already shown the toast). `fields` lists the form's fields, or answers whether a path is one
 * (nested paths such as `dataDisks.1.diskSize` come as the server's dotted paths). Answers whether
 * any field got a message.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[] | ((path: string) => boolean),
): boolean {
  if (!isApiError(error) || error.errors.length === 0) return false;
  const known = typeof fields === 'function' ? fields : (path: string) => fields.some((f) => f === path);
  let applied = false;
  for (const problem of error.errors) {
    if (known(problem.path)) {
      setError(problem.path as Path<T>, { type: 'server', message: problem.message });
      applied = true;
    }
  }
  return applied;
}
