import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SNAPSHOT_RULE_MAX_VMS, type Vm, routePath } from '@portal/shared';
import { api } from '../../lib/api/api-client';
import { resourceKeys } from '../../lib/api/query-keys';
import type { Paged } from '../../lib/api/resource';
import { protectWithDefaultRule } from '../../lib/api/snapshot-protection';
import { usePermissions } from '../../lib/permissions/use-permissions';
import { toast } from '../../lib/toast/toast-store';

const SHOWN = 5;

/** Every VM no rule protects yet, as many as a rule takes. */
const allUnprotected = () =>
  api
    .get<Paged<Vm>>('/vms', {
      query: { page: 0, limit: SNAPSHOT_RULE_MAX_VMS, protected: 'no', t: Date.now() },
      track: false,
    })
    .then((p) => p.records);

/**
 * VMs no snapshot rule protects: how many, the first few by name, one click that protects them
 * all with the default rule (daily, keeping 7; made on the first use), a new rule with them
 * chosen, or the list, where each can join an existing rule.
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
  const queryClient = useQueryClient();
  const withDefault = useMutation({
    mutationFn: async () => protectWithDefaultRule(await allUnprotected()),
    onSuccess: (rule) => {
      toast.success('dashboard.toasts.protectedDefault', { rule: rule.policyName });
      void queryClient.invalidateQueries();
    },
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
          <>
            <Button
              variant="contained"
              size="small"
              disabled={withDefault.isPending}
              onClick={() => withDefault.mutate()}
              data-testid="dashboard-protect-default"
            >
              {t('unprotected.protectDefault')}
            </Button>
            <Button component={Link} to={rule} size="small" color="inherit" data-testid="dashboard-protect">
              {t('unprotected.protect')}
            </Button>
          </>
        )}
        <Button component={Link} to={`${routePath('vmSetting')}?protected=no`} size="small" color="inherit">
          {t('unprotected.list')}
        </Button>
      </Box>
    </Alert>
  );
}
