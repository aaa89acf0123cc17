import { Suspense } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ShowChart from '@mui/icons-material/ShowChart';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type Vm, routePath } from '@portal/shared';
import { PageSpinner } from '../../components/page-spinner';
// The charts and their words: loaded when the tab opens, never with the VM pages.
import { VmMetricsPanel } from '../metrics';

function Heading({ vm }: { vm: Vm }) {
  const { t } = useTranslation('metrics');
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {t('detail.hint')}
      </Typography>
      <Button
        component={Link}
        to={routePath('singleVMDetail', { vmId: vm.uuid })}
        startIcon={<ShowChart />}
        size="small"
        sx={{ mt: 0.5, ml: -0.5 }}
        data-testid="vm-monitor-more"
      >
        {t('monitorTab.more')}
      </Button>
    </>
  );
}

/** The VM's "monitor" tab: its CPU, memory, disk and network charts (monitor/usage). */
export function VmMonitorTab({ vm }: { vm: Vm }) {
  return (
    <Suspense fallback={<PageSpinner minHeight={320} />}>
      <VmMetricsPanel vmId={vm.uuid} heading={<Heading vm={vm} />} />
    </Suspense>
  );
}
