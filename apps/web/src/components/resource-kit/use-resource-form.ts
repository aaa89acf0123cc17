import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, type Mode, type Resolver, useForm } from 'react-hook-form';
import type { ResourceIdentity } from '../../lib/resource-kit/definition';
import { useCreateResource, useUpdateResource } from './resource-form';

/**
 * A resource's create or edit form (edit when given the row): react-hook-form checked by the
 * shared schema, and `submit(body)` posting it (or patching the row), a 400's field problems put
 * on the fields. `onSubmit(toBody?)` is the form's handler, the values as the body by default.
 */
export function useResourceForm<T, V extends FieldValues, B = V>(
  def: ResourceIdentity<T>,
  options: {
    schema?: Parameters<typeof zodResolver>[0];
    /** Instead of the schema: a resolver of the form's own (the schema and more). */
    resolver?: Resolver<V>;
    defaultValues: DefaultValues<V>;
    row?: T;
    mode?: Mode;
  },
) {
  const { schema, resolver, defaultValues, row, mode } = options;
  const created = useCreateResource<T, B>(def);
  const updated = useUpdateResource<T, B>(def, row as T);
  const form = useForm<V>({
    mode,
    resolver: resolver ?? (zodResolver(schema!) as unknown as Resolver<V>),
    defaultValues,
  });
  const { submit: save, pending } = row ? updated : created;
  const submit = (body: B) => save(body, form.setError);
  const onSubmit = (toBody: (values: V) => B = (values) => values as unknown as B) =>
    form.handleSubmit((values) => submit(toBody(values)));
  return { ...form, pending, submit, onSubmit };
}
