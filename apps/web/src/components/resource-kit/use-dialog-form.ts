import { zodResolver } from '@hookform/resolvers/zod';
import {
  type DefaultValues,
  type FieldValues,
  type Mode,
  type Path,
  type Resolver,
  useForm,
} from 'react-hook-form';
import { applyServerErrors } from '../form/apply-server-errors';

/**
 * An action dialog's form: react-hook-form checked by the shared schema (or a resolver of the
 * dialog's own), and `onSubmit` handing the values to `submit`; when that fails, a 400's field
 * problems go on the `fields` named, and any other failure to `onOtherError` (the api client has
 * already shown its toast).
 */
export function useDialogForm<V extends FieldValues>(options: {
  schema?: Parameters<typeof zodResolver>[0];
  resolver?: Resolver<V>;
  defaultValues: DefaultValues<V>;
  mode?: Mode;
  fields: readonly Path<V>[] | ((path: string) => boolean);
  submit: (values: V) => Promise<unknown> | void;
  onOtherError?: (error: unknown) => void;
}) {
  const { schema, resolver, defaultValues, mode, fields, submit, onOtherError } = options;
  const form = useForm<V>({
    mode,
    resolver: resolver ?? (schema && (zodResolver(schema) as unknown as Resolver<V>)),
    defaultValues,
  });
  const onSubmit = form.handleSubmit((values) =>
    Promise.resolve(submit(values)).then(
      () => undefined,
      (error: unknown) => {
        if (!applyServerErrors(error, form.setError, fields)) onOtherError?.(error);
      },
    ),
  );
  return { ...form, onSubmit };
}
