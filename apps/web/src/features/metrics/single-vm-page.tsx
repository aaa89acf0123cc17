import { type ReactNode, Suspense, lazy, useCallback, useEffect, useMemo, useRef } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQueries } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  SPEC_METRIC_WINDOWS,
  VmStatus,
  type MetricName,
  type MetricVm,
  type TotalMetricWindow,
  routePath,
} from '@portal/shared';
import { ConsolePage } from '../../components/console-page';
import { PageSpinner } from '../../components/page-spinner';
import type { MetricChartSpec } from './metric-charts';
import { formatPct } from './metric-format';
import { VM_PALETTE } from './metric-specs';
import { MetricsEmpty, MetricsLoadFailed, RefreshNote } from './metric-states';
import { MetricWindowSelect, useMetricWindow } from './metric-window-select';
import { useMetricVms, vmMetricsQuery } from './metrics-queries';
import { useChartColors } from '../../lib/color-mode/chart-colors';
import { VmPicker } from './vm-picker';

const MetricCharts = lazy(() => import('./metric-charts'));
/** VMs compared at once: each is a line on every chart. */
const MAX_VMS = 5;
/** Chosen for a first visit: the first running VMs by name. */
const FIRST_PICK = 3;

const CHARTS: { id: MetricName; title: string; unit: 'pct' | 'rate' }[] = [
  { id: 'cpuPct', title: 'charts.cpu', unit: 'pct' },
  { id: 'memPct', title: 'charts.mem', unit: 'pct' },
  { id: 'diskReadBps', title: 'charts.diskRead', unit: 'rate' },
  { id: 'diskWriteBps', title: 'charts.diskWrite', unit: 'rate' },
  { id: 'netInBps', title: 'charts.netIn', unit: 'rate' },
  { id: 'netOutBps', title: 'charts.netOut', unit: 'rate' },
];

/**
 * VM monitoring (route singleVM, log code 10021): pick VMs from the tenant's (searched on the
 * server), see their CPU, memory, disk and network side by side over 15 minutes to a day. The
 * choice is in the address (`?vms=`), so reload and Back keep it.
 */
export default function SingleVmPage() {
  const { t, i18n } = useTranslation(['metrics', 'enums', 'apiError']);
  const colors = useChartColors();
  const vmColor = (i: number) => colors[VM_PALETTE[i % VM_PALETTE.length]!];
  const [params, setParams] = useSearchParams();
  const [window, setWindow] = useMetricWindow<TotalMetricWindow>(SPEC_METRIC_WINDOWS, '1h');
  const asked = params.get('vms');
  const chosen = useMemo(() => (asked ? asked.split(',').filter(Boolean).slice(0, MAX_VMS) : []), [asked]);
  const known = useRef(new Map<string, Pick<MetricVm, 'uuid' | 'name'>>()).current;
  const choose = useCallback(
    (ids: string[]) =>
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          copy.set('vms', ids.join(','));
          return copy;
        },
        { replace: true },
      ),
    [setParams],
  );

  // A first visit starts with a few running VMs rather than an empty page.
  const first = useMetricVms('');
  // Once: the choice it makes is in the address, and a chosen list (even an empty one) is kept.
  useEffect(() => {
    if (asked !== null || !first.data) return;
    const running = first.data.records.filter((vm) => vm.status === VmStatus.RUNNING).slice(0, FIRST_PICK);
    for (const vm of running) known.set(vm.uuid, vm);
    choose(running.map((vm) => vm.uuid));
  }, [asked, first.data, known, choose]);

  const charts = useQueries({ queries: chosen.map((id) => vmMetricsQuery(id, window)) });
  for (const c of charts) if (c.data) known.set(c.data.vm.uuid, c.data.vm);
  const answered = charts.filter((c) => c.data).map((c) => c.data!);
  const failed = charts.find((c) => c.isError && !c.data);

  let body: ReactNode;
  if (chosen.length === 0)
    body = (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }} data-testid="metrics-pick-empty">
        {asked === null ? '' : t('singleVM.empty')}
      </Typography>
    );
  else if (failed) body = <MetricsLoadFailed error={failed.error} onRetry={() => void failed.refetch()} />;
  else if (answered.length < chosen.length) body = <PageSpinner minHeight={320} />;
  else if (answered.every((d) => d.samples === 0))
    body = <MetricsEmpty sampleSeconds={answered[0]!.sampleSeconds} />;
  else {
    const specs: MetricChartSpec[] = CHARTS.map((c) => ({
      id: c.id,
      title: t(c.title),
      unit: c.unit,
      lines: answered.map((d, i) => ({
        id: d.vm.uuid,
        label: d.vm.name,
        data: d.series[c.id],
        color: vmColor(i),
      })),
    }));
    body = (
      <>
        <Box sx={{ overflowX: 'auto', mb: 2 }}>
          <Table size="small" data-testid="metrics-vm-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('singleVM.vm')}</TableCell>
                <TableCell>{t('singleVM.status')}</TableCell>
                <TableCell align="right">{t('charts.cpu')}</TableCell>
                <TableCell align="right">{t('charts.mem')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {answered.map((d, i) => (
                <TableRow key={d.vm.uuid}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Box
                      component="span"
                      sx={{
                        display: 'inline-block',
                        width: 10,
                        height: 10,
                        borderRadius: '50%',
                        mr: 1,
                        bgcolor: vmColor(i),
                      }}
                    />
                    <Link
                      component={RouterLink}
                      to={routePath('singleVMDetail', { vmId: d.vm.uuid })}
                      data-testid={`metrics-vm-link-${d.vm.uuid}`}
                    >
                      {d.vm.name}
                    </Link>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`enums:vmStatus.${d.vm.status}`)}</TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                    {formatPct(d.latest?.cpuPct, i18n.language)}
                  </TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                    {formatPct(d.latest?.memPct, i18n.language)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        <Suspense fallback={<PageSpinner minHeight={320} />}>
          <MetricCharts at={answered[0]!.at} charts={specs} />
        </Suspense>
      </>
    );
  }

  return (
    <ConsolePage
      title={t('singleVM.title')}
      subtitle={t('singleVM.subtitle')}
      actions={<MetricWindowSelect windows={SPEC_METRIC_WINDOWS} value={window} onChange={setWindow} />}
    >
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="single-vm">
        <Box sx={{ mb: 3, maxWidth: 720 }}>
          <VmPicker value={chosen} onChange={choose} max={MAX_VMS} known={known} />
        </Box>
        {body}
        <RefreshNote seconds={answered[0]?.sampleSeconds ?? 60} />
      </Paper>
    </ConsolePage>
  );
}
