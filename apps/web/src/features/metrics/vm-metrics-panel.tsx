import { type ReactNode, Suspense, lazy } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { VM_METRIC_WINDOWS, VmStatus, type MetricWindow } from '@portal/shared';
import { useChartColors } from '../../lib/color-mode/chart-colors';
import { formatDateTime } from '../../lib/format/date-time';
import { PageSpinner } from '../../components/page-spinner';
import { HeaderRow } from '../../components/header-row';
import { metricCharts, nowFigures } from './metric-specs';
import { MetricsEmpty, MetricsLoadFailed, NowFigures, RefreshNote } from './metric-states';
import { MetricWindowSelect, useMetricWindow } from './metric-window-select';
import { useVmMetrics } from './metrics-queries';

const MetricCharts = lazy(() => import('./metric-charts'));

/**
 * One VM's monitoring: the window (in the address), the newest sample's figures, and its CPU,
 * memory, disk and network charts, asked again as often as samples come. The VM detail's monitor
 * tab and the singleVM/{vmId} page show it; `heading` is what stands left of the window.
 */
export default function VmMetricsPanel({ vmId, heading }: { vmId: string; heading?: ReactNode }) {
  const { t, i18n } = useTranslation(['metrics', 'apiError', 'enums']);
  const [window, setWindow] = useMetricWindow<MetricWindow>(VM_METRIC_WINDOWS, '1h');
  const metrics = useVmMetrics(vmId, window);
  const colors = useChartColors();
  const data = metrics.data;

  let body: ReactNode;
  if (metrics.isPending) body = <PageSpinner minHeight={320} />;
  else if (metrics.isError && !data)
    body = <MetricsLoadFailed error={metrics.error} onRetry={() => void metrics.refetch()} />;
  else if (data && data.samples === 0)
    body = (
      <MetricsEmpty sampleSeconds={data.sampleSeconds}>
        {data.vm.status !== VmStatus.RUNNING &&
          t('stopped', { status: t(`enums:vmStatus.${data.vm.status}`) })}
      </MetricsEmpty>
    );
  else if (data)
    body = (
      <>
        <NowFigures
          figures={nowFigures(data.latest, t)}
          caption={
            data.latest ? t('now.at', { at: formatDateTime(data.latest.at, i18n.language) }) : t('now.none')
          }
        />
        <Suspense fallback={<PageSpinner minHeight={320} />}>
          <MetricCharts at={data.at} charts={metricCharts(data.series, t, colors)} />
        </Suspense>
        {data.vm.status !== VmStatus.RUNNING && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} data-testid="metrics-not-running">
            {t('stopped', { status: t(`enums:vmStatus.${data.vm.status}`) })}
          </Typography>
        )}
      </>
    );

  return (
    <Box data-testid="vm-metrics" data-samples={data?.samples ?? ''}>
      <HeaderRow from="md" align="center">
        <Box sx={{ minWidth: 0 }}>{heading}</Box>
        <MetricWindowSelect windows={VM_METRIC_WINDOWS} value={window} onChange={setWindow} />
      </HeaderRow>
      {body}
      <RefreshNote seconds={data?.sampleSeconds ?? 60} />
    </Box>
  );
}
