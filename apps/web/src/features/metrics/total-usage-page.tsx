import { type ReactNode, Suspense, lazy } from 'react';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { SPEC_METRIC_WINDOWS, type TotalMetricWindow } from '@portal/shared';
import { ConsolePage } from '../../components/console-page';
import { PageSpinner } from '../../components/page-spinner';
import { METRIC_COLORS, metricCharts, nowFigures } from './metric-specs';
import { MetricsEmpty, MetricsLoadFailed, NowFigures, RefreshNote } from './metric-states';
import { MetricWindowSelect, useMetricWindow } from './metric-window-select';
import { useTotalMetrics } from './metrics-queries';
import { useChartColors } from '../../lib/color-mode/chart-colors';
import { formatDateTime } from '../../lib/format/date-time';

const MetricCharts = lazy(() => import('./metric-charts'));

/**
 * The tenant's total usage (route totalUsage, log code 10021): all its running VMs together,
 * average CPU and memory, summed disk and network, and how many VMs reported.
 */
export default function TotalUsagePage() {
  const { t, i18n } = useTranslation(['metrics', 'apiError']);
  const colors = useChartColors();
  const [window, setWindow] = useMetricWindow<TotalMetricWindow>(SPEC_METRIC_WINDOWS, '1h');
  const total = useTotalMetrics(window);
  const data = total.data;

  let body: ReactNode;
  if (total.isPending) body = <PageSpinner minHeight={320} />;
  else if (total.isError && !data)
    body = <MetricsLoadFailed error={total.error} onRetry={() => void total.refetch()} />;
  else if (data && data.samples === 0)
    body = (
      <MetricsEmpty sampleSeconds={data.sampleSeconds}>
        {t('total.running', { count: data.runningVms })}
      </MetricsEmpty>
    );
  else if (data) {
    const charts = [
      ...metricCharts(data.series, t, colors, { cpu: t('charts.cpuAvg'), mem: t('charts.memAvg') }),
      {
        id: 'vms',
        title: t('charts.vms'),
        unit: 'count' as const,
        lines: [
          { id: 'vms', label: t('charts.vms'), data: data.series.vms, color: colors[METRIC_COLORS.vms] },
        ],
      },
    ];
    body = (
      <>
        <NowFigures
          figures={[
            { id: 'vms', label: t('charts.vms'), unit: 'count', value: data.latest?.vms },
            ...nowFigures(data.latest, t).map((f) =>
              f.id === 'cpuPct'
                ? { ...f, label: t('charts.cpuAvg') }
                : f.id === 'memPct'
                  ? { ...f, label: t('charts.memAvg') }
                  : f,
            ),
          ]}
          caption={
            <>
              {data.latest
                ? t('now.at', { at: formatDateTime(data.latest.at, i18n.language) })
                : t('now.none')}{' '}
              {t('total.running', { count: data.runningVms })}
            </>
          }
        />
        <Suspense fallback={<PageSpinner minHeight={320} />}>
          <MetricCharts at={data.at} charts={charts} />
        </Suspense>
      </>
    );
  }

  return (
    <ConsolePage
      title={t('total.title')}
      subtitle={t('total.subtitle')}
      actions={<MetricWindowSelect windows={SPEC_METRIC_WINDOWS} value={window} onChange={setWindow} />}
    >
      <Paper
        variant="outlined"
        sx={{ p: { xs: 2, sm: 3 } }}
        data-testid="total-usage"
        data-samples={data?.samples ?? ''}
      >
        {body}
        <RefreshNote seconds={data?.sampleSeconds ?? 60} />
      </Paper>
    </ConsolePage>
  );
}
