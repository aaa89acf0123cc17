import { type ReactNode, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { type CcisTerm, DEFAULT_PAGE_SIZE, FIRST_PAGE } from '@portal/shared';
import { DownloadButton } from '../../components/download-button';
import type { ResourceColumn, TableQuery } from '../../components/resource-table/resource-column';
import { ResourceTable } from '../../components/resource-table/resource-table';
import { formatDateTime } from '../../lib/format/date-time';
import { formatMoney } from '../../lib/format/money';
import { exportAllRows } from '../../lib/resource-kit/csv';
import { getPage } from '../../lib/resource-kit/resource-queries';
import { CCIS_HISTORY, useCcisHistory } from './ccis-api';
import { ccisHistoryCsvColumns } from './ccis-csv';
import { formatGb } from './ccis-format';

/** Dates and order numbers read as one piece: a table cell never breaks them. */
const NoWrap = ({ children }: { children: ReactNode }) => (
  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
    {children}
  </Box>
);

/**
 * The contract history (spec: order id, months, begin, expiry, commit GB, auto-extend, modified),
 * and all of it as CSV.
 */
export function CcisHistoryTable() {
  const { t, i18n } = useTranslation(['ccis', 'resource']);
  const [query, setQuery] = useState<TableQuery>({ page: FIRST_PAGE, limit: DEFAULT_PAGE_SIZE });
  const history = useCcisHistory(query);
  const lang = i18n.language;
  const columns = useMemo<ResourceColumn<CcisTerm>[]>(
    () => [
      { id: 'orderId', header: t('history.orderId'), cell: (r) => <NoWrap>{r.orderId}</NoWrap> },
      { id: 'kind', header: t('history.kind'), cell: (r) => t(`kinds.${r.kind}`) },
      { id: 'months', header: t('history.months'), align: 'right' },
      { id: 'beginDate', header: t('history.beginDate'), cell: (r) => <NoWrap>{r.beginDate}</NoWrap> },
      { id: 'expireDate', header: t('history.expireDate'), cell: (r) => <NoWrap>{r.expireDate}</NoWrap> },
      {
        id: 'commitGb',
        header: t('history.commitGb'),
        align: 'right',
        cell: (r) => formatGb(r.commitGb, lang),
      },
      {
        id: 'monthlyPrice',
        header: t('history.monthlyPrice'),
        align: 'right',
        cell: (r) => formatMoney(r.monthlyPrice),
      },
      {
        id: 'autoExtend',
        header: t('history.autoExtend'),
        cell: (r) => t(r.autoExtend ? 'values.yes' : 'values.no'),
      },
      { id: 'account', header: t('history.account') },
      {
        id: 'modifiedAt',
        header: t('history.modifiedAt'),
        cell: (r) => <NoWrap>{formatDateTime(r.modifiedAt, lang)}</NoWrap>,
      },
    ],
    [t, lang],
  );
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('history.title')}
        </Typography>
        <DownloadButton
          download={() =>
            exportAllRows('data-store-history', ccisHistoryCsvColumns(t), (page, limit) =>
              getPage<CcisTerm>(CCIS_HISTORY, { page, limit }),
            )
          }
          testId="ccis-history-export"
        >
          {t('resource:list.export')}
        </DownloadButton>
      </Box>
      <ResourceTable
        columns={columns}
        rows={history.data?.records ?? []}
        total={history.data?.total ?? 0}
        query={query}
        onQueryChange={setQuery}
        getRowId={(row) => row.orderId}
        loading={history.isFetching}
        emptyText={t('history.empty')}
        data-testid="ccis-history"
      />
    </Paper>
  );
}
