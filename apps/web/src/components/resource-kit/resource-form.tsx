import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routePath } from '@portal/shared';
import { request } from '../../lib/api/api-client';
import type { ResourceDefinition, ResourceIdentity } from '../../lib/resource-kit/definition';
import { detailPath } from '../../lib/resource-kit/paths';
import { useResourceDetail, useResourceMutation } from '../../lib/resource-kit/resource-queries';
import { isApiError } from '../../lib/api/api-error';
import { PageSpinner } from '../page-spinner';
import { toast } from '../../lib/toast/toast-store';
import { Authorized } from '../../lib/permissions/authorized';
import { ConsolePage } from '../console-page';
import { SectionPanel } from '../section-panel';
import { applyServerErrors } from '../form/apply-server-errors';
import { rowPath } from '../../lib/resource-kit/resource-api';

/** A titled block of a resource form. */
export const FormSection = SectionPanel;

/** Cancel back to the list, and submit. */
export function FormActions({
  def,
  pending,
  submitLabel,
}: {
  def: Pick<ResourceIdentity<never>, 'name' | 'routes'>;
  pending: boolean;
  submitLabel: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      <Button component={Link} to={routePath(def.routes.list)} color="secondary" disabled={pending}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit" variant="contained" disabled={pending} data-testid={`${def.name}-save`}>
        {submitLabel}
      </Button>
    </Stack>
  );
}

/**
 * Creates a resource (POST {base}) and goes to its detail page, or its list without one. A 400's
 * field problems land on the form's fields; the toast shows the code as usual.
 */
export function useCreateResource<T, B>(def: ResourceIdentity<T>) {
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  const create = useResourceMutation(def, (body: B) => request<T>('POST', def.base, { body }));
  const submit = <V extends FieldValues>(body: B, setError: UseFormSetError<V>) =>
    create.mutate(body, {
      onSuccess: (created) => {
        // The resource's own words when it has them (an order is "being ordered"), else the kit's.
        const own = i18n.exists(`${def.namespace}:toasts.created`);
        toast.success(own ? `${def.namespace}.toasts.created` : 'resource.toasts.created', {
          name: def.title(created),
        });
        navigate(
          def.createdPath?.(created) ?? detailPath(def, def.id(created)) ?? routePath(def.routes.list),
        );
      },
      onError: (error) => {
        applyServerErrors(error, setError, () => true);
      },
    });
  return { submit, pending: create.isPending };
}

/** A resource's create page: its form for those who may create, a note for the others. */
export function ResourceCreatePage<T>({ def }: { def: ResourceDefinition<T> }) {
  const { t } = useTranslation([def.namespace, 'resource']);
  const Form = def.createForm;
  return (
    <ConsolePage title={t('create.title')} subtitle={t('create.subtitle')}>
      <Authorized
        authority={def.authority.manage}
        fallback={<Alert severity="info">{t('resource:readOnly')}</Alert>}
      >
        {Form && <Form />}
      </Authorized>
    </ConsolePage>
  );
}

/**
 * A resource's edit page (`/editX/:id`): the row loaded by the id in the address, then the
 * declaration's edit form with it; a row that is gone says so.
 */
export function ResourceEditPage<T>({ def }: { def: ResourceDefinition<T> }) {
  const { t } = useTranslation([def.namespace, 'resource']);
  const id = Object.values(useParams())[0];
  const detail = useResourceDetail(def, id);
  const Form = def.editForm;
  let content: ReactNode;
  if (detail.isPending) content = <PageSpinner />;
  else if (!detail.data)
    content = (
      <Alert severity="warning" data-testid={`${def.name}-not-found`}>
        {t(
          isApiError(detail.error) && detail.error.status === 404
            ? 'resource:detail.notFound'
            : 'resource:detail.failed',
        )}
      </Alert>
    );
  else content = Form && <Form row={detail.data} />;
  return (
    <ConsolePage title={t('edit.title')} subtitle={t('edit.subtitle')}>
      <Authorized
        authority={def.authority.manage}
        fallback={<Alert severity="info">{t('resource:readOnly')}</Alert>}
      >
        {content}
      </Authorized>
    </ConsolePage>
  );
}

/**
 * Saves a change to a resource (PATCH {base}/{id}) and goes back to its list; a 400's field
 * problems land on the form's fields.
 */
export function useUpdateResource<T, B>(def: ResourceIdentity<T>, row: T) {
  const navigate = useNavigate();
  const update = useResourceMutation(def, (body: B) =>
    request<T>('PATCH', rowPath(def.base, def.id(row)), { body }),
  );
  const submit = <V extends FieldValues>(body: B, setError: UseFormSetError<V>) =>
    update.mutate(body, {
      onSuccess: (saved) => {
        toast.success('resource.toasts.saved', { name: def.title(saved) });
        navigate(routePath(def.routes.list));
      },
      onError: (error) => {
        applyServerErrors(error, setError, () => true);
      },
    });
  return { submit, pending: update.isPending };
}
