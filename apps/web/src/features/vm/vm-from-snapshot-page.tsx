import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type Snapshot, SnapshotStatus } from '@portal/shared';
import { ConsolePage } from '../../components/console-page';
import { PageSpinner } from '../../components/page-spinner';
import { api } from '../../lib/api/api-client';
import { resourceKeys } from '../../lib/api/query-keys';
import type { Paged } from '../../lib/api/resource';
import { formatDateTime } from '../../lib/format/date-time';
import { Authorized } from '../../lib/permissions/authorized';
import { useTemplates } from './vm-api';
import { VmCreateForm } from './vm-create-form';

/** The completed snapshots, newest first: what a VM can be made from. */
function useCompletedSnapshots() {
  const query = { page: 0, limit: 0, status: SnapshotStatus.COMPLETED, sort: 'createDate', orderby: 'desc' };
  return useQuery({
    queryKey: resourceKeys('/snapshots').listQuery(query),
    queryFn: () =>
      api
        .get<Paged<Snapshot>>('/snapshots', { query: { ...query, t: Date.now() }, track: false })
        .then((p) => p.records),
  });
}

/**
 * A new VM from a snapshot (route createSnapshotToNewVM, `?snapshot=<uuid>`): choose the
 * snapshot, then the VM form starts from it, with the same rules and live price as any VM.
 */
export function VmFromSnapshotPage() {
  const { t, i18n } = useTranslation(['vm', 'resource']);
  const [params, setParams] = useSearchParams();
  const snapshots = useCompletedSnapshots();
  const templates = useTemplates();
  const uuid = params.get('snapshot') ?? '';
  const snapshot = snapshots.data?.find((s) => s.uuid === uuid);

  let form;
  if (snapshots.isPending || templates.isPending) form = <PageSpinner />;
  else if (snapshots.data?.length === 0) form = <Alert severity="info">{t('fromSnapshot.none')}</Alert>;
  else if (!snapshot) form = uuid ? <Alert severity="warning">{t('fromSnapshot.gone')}</Alert> : null;
  else form = <VmCreateForm key={snapshot.uuid} snapshot={snapshot} />;

  return (
    <ConsolePage title={t('fromSnapshot.title')} subtitle={t('fromSnapshot.subtitle')}>
      <Authorized
        authority="compute/vm/manage"
        fallback={<Alert severity="info">{t('resource:readOnly')}</Alert>}
      >
        <Stack spacing={3}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <TextField
              select
              fullWidth
              label={t('fromSnapshot.snapshot')}
              value={snapshot ? uuid : ''}
              onChange={(e) => setParams({ snapshot: e.target.value }, { replace: true })}
              helperText={t('fromSnapshot.hint')}
              slotProps={{ htmlInput: { 'data-testid': 'field-snapshotUuid' } }}
            >
              {(snapshots.data ?? []).map((s) => (
                <MenuItem key={s.uuid} value={s.uuid}>
                  {`${s.name} · ${s.vmName} · ${formatDateTime(s.createDate, i18n.language)}`}
                </MenuItem>
              ))}
            </TextField>
          </Paper>
          {form}
        </Stack>
      </Authorized>
    </ConsolePage>
  );
}
