import Button from '@mui/material/Button';
import Add from '@mui/icons-material/Add';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routePath } from '@portal/shared';
import type { ResourceDefinition } from '../../lib/resource-kit/definition';
import { Authorized } from '../../lib/permissions/authorized';
import { ConsolePage } from '../console-page';
import { ResourceList } from './resource-list';

/** A resource's list page: title, the create button for those who may create, the list. */
export function ResourceListPage<T>({ def }: { def: ResourceDefinition<T> }) {
  const { t } = useTranslation([def.namespace, 'resource']);
  return (
    <ConsolePage
      title={t('list.title')}
      subtitle={t('list.subtitle')}
      actions={
        def.routes.create && (
          <Authorized authority={def.authority.manage}>
            <Button
              component={Link}
              to={routePath(def.routes.create)}
              variant="contained"
              startIcon={<Add />}
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
              data-testid={`${def.name}-create`}
            >
              {t('actions.create')}
            </Button>
          </Authorized>
        )
      }
    >
      <ResourceList def={def} inUrl />
    </ConsolePage>
  );
}
