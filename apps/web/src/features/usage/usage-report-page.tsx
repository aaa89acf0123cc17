import { Suspense, lazy, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { UsageReport } from '@portal/shared';
import { DownloadButton } from '../../components/download-button';
import { ConsolePage } from '../../components/console-page';
import { MonthPicker, useMonthChoice } from '../../components/month-picker';
import { PageSpinner } from '../../components/page-spinner';
import { ListView } from '../../components/resource-kit/list-view';
import { formatDateTime } from '../../lib/format/date-time';
import { formatMoney } from '../../lib/format/money';
import { useListControls } from '../../lib/resource-kit/use-list-state';
import { downloadUsageCsv, useUsageDaily, useUsageReport } from './usage-api';
import { usageCsvColumns } from './usage-csv';
import { usageCodeName, usageList } from './usage-list';

const UsageChart = lazy(() => import('./usage-chart'));

function KindTotals({ report }: { report: UsageReport }) {
  const { t } = useTranslation('usage');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 2, mb: 2 }}>
        <Typography variant="h6" component="h2">
          {t('totals.title')}
        </Typography>
        <Typography
          sx={{ typography: 'h5', fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
          data-testid="usage-total"
        >
          {t('money', { amount: formatMoney(report.total) })}
        </Typography>
      </Box>
      {report.kinds.length === 0 ? (
        <Typography color="text.secondary" data-testid="usage-empty">
          {t('totals.empty')}
        </Typography>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', lg: 'repeat(5, 1fr)' },
            gap: 2,
          }}
        >
          {report.kinds.map((k) => (
            <Box key={k.kind} data-testid={`usage-kind-${k.kind}`}>
              <Typography variant="caption" color="text.secondary" component="div">
                {t(`kinds.${k.kind}`)}
              </Typography>
              <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                {t('money', { amount: formatMoney(k.amount) })}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}

/**
 * The usage report (route usageReport, log code 10025): a month's use per resource and price
 * code, priced from the price list, with totals per kind, a chart of the days, and the month's
 * lines (or the selected ones) as CSV.
 */
export default function UsageReportPage() {
  const { t, i18n } = useTranslation(['usage', 'resource']);
  const lang = i18n.language;
  const { month, setMonth, answered } = useMonthChoice();
  // The month's price list names the codes; the columns follow it when an answer brings another.
  const [prices, setPrices] = useState<UsageReport['prices']>({});
  const def = useMemo(() => usageList(prices), [prices]);
  const controls = useListControls(def);
  const report = useUsageReport(month, controls.query);
  const daily = useUsageDaily(month);
  const data = report.data;
  if (data && data.prices !== prices) setPrices(data.prices);
  const picked = answered(data?.month);

  return (
    <ConsolePage
      title={t('title')}
      subtitle={t('subtitle')}
      actions={
        picked && (
          <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, flexShrink: 0 }}>
            <MonthPicker
              {...picked}
              onChange={(m) => {
                setMonth(m);
                controls.setState({ ...controls.state, page: 0 });
              }}
              label={t('month')}
              testId="usage-month"
            />
            <DownloadButton download={() => downloadUsageCsv(picked.value)} testId="usage-csv">
              {t('csv')}
            </DownloadButton>
          </Box>
        )
      }
    >
      {data ? (
        <Stack spacing={3}>
          <KindTotals report={data} />
          {daily.data && daily.data.days.length > 0 && (
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                {t('chart.title')}
              </Typography>
              <Suspense fallback={<Box sx={{ height: 280 }} />}>
                <UsageChart daily={daily.data} />
              </Suspense>
            </Paper>
          )}
          <ListView
            def={def}
            controls={controls}
            page={data.lines}
            loading={report.isFetching}
            csv={() => usageCsvColumns(t, usageCodeName(data.prices, t, lang))}
            emptyText={t('table.empty')}
            tableTestId="usage-lines"
            header={
              <Typography
                variant="h6"
                component="h2"
                sx={{ px: { xs: 2, sm: 3 }, pt: { xs: 2, sm: 3 }, pb: 1 }}
              >
                {t('table.title')}
              </Typography>
            }
            footer={
              data.meteredThrough && (
                <Typography
                  variant="caption"
                  color="text.secondary"
                  component="p"
                  sx={{ px: { xs: 2, sm: 3 }, pb: 2 }}
                >
                  {t('meteredThrough', { at: formatDateTime(data.meteredThrough, lang) })}
                </Typography>
              )
            }
          />
        </Stack>
      ) : (
        <PageSpinner />
      )}
    </ConsolePage>
  );
}
