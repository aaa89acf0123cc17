import { Suspense, lazy, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, type UsageLine, type UsageReport } from '@portal/shared';
import { DownloadButton } from '../../components/download-button';
import { useBulkSelection } from '../../components/resource-kit/bulk-selection';
import { ConsolePage } from '../../components/console-page';
import { MonthPicker } from '../../components/month-picker';
import { PageSpinner } from '../../components/page-spinner';
import type { ResourceColumn, TableQuery } from '../../components/resource-table/resource-column';
import { ResourceTable } from '../../components/resource-table/resource-table';
import { formatDateTime } from '../../lib/format/date-time';
import { formatMoney } from '../../lib/format/money';
import { codeKey, formatQuantity, priceName } from '../../lib/format/usage';
import { downloadUsageCsv, useUsageDaily, useUsageReport } from './usage-api';
import { usageCsvColumns, usageLines } from './usage-csv';

const UsageChart = lazy(() => import('./usage-chart'));
const NO_LINES: UsageLine[] = [];

/** The report's first column: the kind, the resource's name and what sets the line apart. */
function ResourceCell({ line, item }: { line: UsageLine; item?: string }) {
  const { t } = useTranslation('usage');
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {line.name}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div">
        {t(`kinds.${line.kind}`)}
        {line.detail ? ` · ${line.detail}` : ''}
      </Typography>
      {item && (
        <Typography variant="caption" color="text.secondary" component="div">
          {item}
        </Typography>
      )}
    </Box>
  );
}

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
  const [month, setMonth] = useState<string>();
  const [current, setCurrent] = useState<string>();
  const [query, setQuery] = useState<TableQuery>({ page: FIRST_PAGE, limit: DEFAULT_PAGE_SIZE });
  const report = useUsageReport(month, query);
  const daily = useUsageDaily(month);
  const codeName = (code: string) =>
    priceName(code, data?.prices ?? {}, lang) ?? t(`codes.${codeKey(code)}`, { defaultValue: code });
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const data = report.data;
  const selection = useBulkSelection(usageLines, data?.lines.records ?? NO_LINES, {
    csv: () => usageCsvColumns(t, codeName),
  });
  if (data && !current && !month) setCurrent(data.month);
  const shown = month ?? data?.month;

  // On a phone: the resource with its item under it, the quantity and the amount.
  const columns = useMemo<ResourceColumn<UsageLine>[]>(
    () =>
      [
        selection.column,
        {
          id: 'name',
          header: t('table.resource'),
          sortable: true,
          cell: (l: UsageLine) => <ResourceCell line={l} item={phone ? codeName(l.code) : undefined} />,
        },
        phone
          ? null
          : { id: 'code', header: t('table.item'), sortable: true, cell: (l: UsageLine) => codeName(l.code) },
        {
          id: 'quantity',
          header: t('table.quantity'),
          align: 'right' as const,
          sortable: true,
          cell: (l: UsageLine) => (
            <Box component="span" sx={{ whiteSpace: phone ? 'normal' : 'nowrap' }}>
              {t(`units.${l.unit}`, { quantity: formatQuantity(l.quantity, lang) })}
            </Box>
          ),
        },
        phone ? null : { id: 'hours', header: t('table.hours'), align: 'right' as const },
        {
          id: 'amount',
          header: phone ? t('table.amountShort') : t('table.amount'),
          align: 'right' as const,
          sortable: true,
          cell: (l: UsageLine) => (
            <Box component="span" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
              {formatMoney(l.amount)}
            </Box>
          ),
        },
      ].filter((c) => c !== null),
    // codeName reads the language through t and the prices of the answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, lang, data?.prices, phone, selection.column],
  );

  return (
    <ConsolePage
      title={t('title')}
      subtitle={t('subtitle')}
      actions={
        shown && (
          <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, flexShrink: 0 }}>
            <MonthPicker
              value={shown}
              current={current ?? shown}
              onChange={(m) => {
                setMonth(m);
                setQuery((q) => ({ ...q, page: FIRST_PAGE }));
              }}
              label={t('month')}
              testId="usage-month"
            />
            <DownloadButton download={() => downloadUsageCsv(shown)} testId="usage-csv">
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
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              {t('table.title')}
            </Typography>
            {selection.bar}
            {selection.wrap(
              <ResourceTable
                columns={columns}
                rows={data.lines.records}
                total={data.lines.total}
                query={query}
                onQueryChange={setQuery}
                getRowId={(l) => `${l.kind}:${l.resourceId}:${l.code}:${l.detail}`}
                loading={report.isFetching}
                emptyText={t('table.empty')}
                data-testid="usage-lines"
              />,
            )}
            {data.meteredThrough && (
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
                {t('meteredThrough', { at: formatDateTime(data.meteredThrough, lang) })}
              </Typography>
            )}
          </Paper>
        </Stack>
      ) : (
        <PageSpinner />
      )}
    </ConsolePage>
  );
}
