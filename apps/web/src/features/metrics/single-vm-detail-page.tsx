import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Dns from '@mui/icons-material/Dns';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { VM_METRIC_WINDOWS, type MetricWindow, routePath } from '@portal/shared';
import { ConsolePage } from '../../components/console-page';
import VmMetricsPanel from './vm-metrics-panel';
import { useMetricWindow } from './metric-window-select';
import { useVmMetrics } from './metrics-queries';
import { usePermissions } from '../../lib/permissions/use-permissions';
import { BackLink } from '../../components/back-link';

/** One VM's monitoring (route singleVMDetail, /singleVM/{vmId}, log code 10021). */
export default function SingleVmDetailPage() {
  const { t } = useTranslation(['metrics', 'enums']);
  const { can } = usePermissions();
  const vmId = useParams().vmId ?? '';
  const [window] = useMetricWindow<MetricWindow>(VM_METRIC_WINDOWS, '1h');
  // The panel's own query (the same key): the page's title names the VM.
  const vm = useVmMetrics(vmId, window).data?.vm;
  return (
    <ConsolePage
      title={vm ? t('detail.title', { name: vm.name }) : t('detail.titleLoading')}
      subtitle={vm ? `${t(`enums:vmStatus.${vm.status}`)} · ${vm.uuid}` : t('detail.subtitle')}
      actions={
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <BackLink to={routePath('singleVM')} sx={{}}>
            {t('singleVM.title')}
          </BackLink>
          {can('compute/vm') && (
            <Button
              component={Link}
              to={`${routePath('vmDetail', { uuid: vmId })}?tab=monitor`}
              startIcon={<Dns />}
              size="small"
              variant="outlined"
              data-testid="metrics-vm-page"
            >
              {t('detail.vmPage')}
            </Button>
          )}
        </Stack>
      }
    >
      <VmMetricsPanel
        vmId={vmId}
        heading={
          <Typography variant="body2" color="text.secondary">
            {t('detail.hint')}
          </Typography>
        }
      />
    </ConsolePage>
  );
}
