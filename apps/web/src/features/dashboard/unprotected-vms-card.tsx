import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type Vm, routePath } from '@portal/shared';
import { api } from '../../lib/api/api-client';
import { resourceKeys } from '../../lib/api/query-keys';
import type { Paged } from '../../lib/api/resource';
import { usePermissions } from '../../lib/permissions/use-permissions';

const SHOWN = 5;

/**
 * VMs no snapshot rule protects: how many, the first few by name, and one click to a new rule
 * with them chosen (or to the list, where each can join an existing rule).
 */
export function UnprotectedVmsCard() {
  const { t } = useTranslation('dashboard');
  const { can } = usePermissions();
  const allowed = can('compute/vm') && can('compute/snapshot');
  const query = { page: 0, limit: SHOWN, protected: 'no', sort: 'name', orderby: 'asc' };
  const unprotected = useQuery({
    queryKey: resourceKeys('/vms').listQuery(query),
    queryFn: () => api.get<Paged<Vm>>('/vms', { query: { ...query, t: Date.now() }, track: false }),
    enabled: allowed,
  });
  const page = unprotected.data;
  if (!allowed || !page || page.total === 0) return null;
  const names = page.records.map((vm) => vm.name).join(', ');
  const rule = `${routePath('createSnapshotRule')}?unprotected=1`;
  return (
    <Alert severity="warning" variant="outlined" sx={{ mb: 3 }} data-testid="dashboard-unprotected">
      <AlertTitle>{t('unprotected.title', { count: page.total })}</AlertTitle>
      {page.total > SHOWN ? t('unprotected.someNames', { names, count: page.total - SHOWN }) : names}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
        {can('compute/snapshot/manage') && (
          <Button component={Link} to={rule} variant="contained" size="small" data-testid="dashboard-protect">
            {t('unprotected.protect')}
          </Button>
        )}
        <Button component={Link} to={`${routePath('vmSetting')}?protected=no`} size="small" color="inherit">
          {t('unprotected.list')}
        </Button>
      </Box>
    </Alert>
  );
}
