import { useState } from 'react';
import Button from '@mui/material/Button';
import Add from '@mui/icons-material/Add';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routePath } from '@portal/shared';
import type { ResourceDefinition } from '../../lib/resource-kit/definition';
import { Authorized } from '../../lib/permissions/authorized';
import { ConsolePage } from '../console-page';
import { ResourceList } from './resource-list';

const createSx = { whiteSpace: 'nowrap', flexShrink: 0 } as const;

/**
 * A resource's list page: title, the create button for those who may create (to the create page,
 * or opening the declaration's create dialog), the list.
 */
export function ResourceListPage<T>({ def }: { def: ResourceDefinition<T> }) {
  const { t } = useTranslation([def.namespace, 'resource']);
  const [creating, setCreating] = useState(false);
  const CreateDialog = def.createDialog;
  // To the create dialog where the declaration has one, else to the create page.
  const target = CreateDialog
    ? { onClick: () => setCreating(true) }
    : def.routes.create && { component: Link, to: routePath(def.routes.create) };
  const create = target && (
    <Button
      {...target}
      variant="contained"
      startIcon={<Add />}
      sx={createSx}
      data-testid={`${def.name}-create`}
    >
      {t('actions.create')}
    </Button>
  );
  return (
    <ConsolePage
      title={t('list.title')}
      subtitle={t('list.subtitle')}
      actions={create && <Authorized authority={def.authority.manage}>{create}</Authorized>}
    >
      <ResourceList def={def} inUrl />
      {CreateDialog && creating && <CreateDialog onClose={() => setCreating(false)} />}
    </ConsolePage>
  );
}
