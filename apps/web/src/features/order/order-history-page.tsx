import { useCallback, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, type Order, OrderStatus, enumValues } from '@portal/shared';
import { DownloadButton } from '../../components/download-button';
import { useBulkSelection } from '../../components/resource-kit/bulk-selection';
import { DateRangeFields, rangeProblem } from '../../components/form/date-range-fields';
import { ConsolePage } from '../../components/console-page';
import type { ResourceColumn, TableQuery } from '../../components/resource-table/resource-column';
import { ResourceTable } from '../../components/resource-table/resource-table';
import { formatDateTime } from '../../lib/format/date-time';
import { formatMoney } from '../../lib/format/money';
import { type OrderFilters, exportOrders, useOrder, useOrders } from './order-api';
import { orderCsvColumns } from './order-csv';
import { NoWrap, OrderResource, OrderStatusChip, OrderTypeFilter } from './order-parts';
import { orderHistory } from './order-selection';

const ALL = '';
const NO_ORDERS: Order[] = [];

/** One order's history: its creation, each renewal with its term and price, each change of status. */
function OrderEventsDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation(['order', 'enums']);
  const order = useOrder(id);
  return (
    <Dialog open={id !== null} onClose={onClose} fullWidth maxWidth="sm" data-testid="order-events">
      <DialogTitle>{t('events.title', { orderNo: order.data?.orderNo ?? '' })}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>
          {(order.data?.events ?? []).map((e, i) => (
            <Box key={i} data-testid="order-event">
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t(`events.kinds.${e.kind}`, { status: t(`enums:orderStatus.${e.status}`) })}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="div">
                {formatDateTime(e.at, i18n.language)} · {e.account}
              </Typography>
              {e.beginDate && e.endDate && (
                <Typography variant="body2">
                  {t('values.term', { from: e.beginDate, to: e.endDate })}
                  {e.termPrice && ` · ${t('values.amount', { amount: formatMoney(e.termPrice) })}`}
                </Typography>
              )}
            </Box>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="secondary">
          {t('actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Every order with filters (status, type, order date), server paging and sorting, CSV export of
 * the filtered history or of the selected rows (log code 10016).
 */
export default function OrderHistoryPage() {
  const { t, i18n } = useTranslation(['order', 'enums']);
  const [query, setQuery] = useState<TableQuery>({ page: FIRST_PAGE, limit: DEFAULT_PAGE_SIZE });
  const [status, setStatus] = useState(ALL);
  const [resType, setResType] = useState(ALL);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  // The order whose history is open, in the address (`?order=<id>`), so a link can open it.
  const [params, setParams] = useSearchParams();
  const shown = params.get('order');
  const setShown = useCallback(
    (id: string | null) =>
      setParams(
        (p) => {
          if (id === null) p.delete('order');
          else p.set('order', id);
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );
  const filters: OrderFilters = useMemo(
    () => ({
      status: status || undefined,
      resType: (resType || undefined) as OrderFilters['resType'],
      from: from || undefined,
      to: to || undefined,
    }),
    [status, resType, from, to],
  );
  const rangeOk = rangeProblem(from, to) === null;
  const orders = useOrders('history', query, filters, rangeOk);
  const rows = orders.data?.records ?? NO_ORDERS;
  const selection = useBulkSelection(orderHistory, rows, { csv: () => orderCsvColumns(t) });
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const lang = i18n.language;

  const filtered = (set: (v: string) => void) => (v: string) => {
    set(v);
    setQuery((q) => ({ ...q, page: FIRST_PAGE }));
  };

  const columns = useMemo<ResourceColumn<Order>[]>(() => {
    const number = (o: Order) => (
      <Link
        component="button"
        type="button"
        onClick={() => setShown(o.id)}
        sx={{ whiteSpace: 'nowrap' }}
        data-testid={`order-open-${o.orderNo}`}
      >
        {o.orderNo}
      </Link>
    );
    if (phone) {
      return [
        selection.column,
        {
          id: 'order',
          header: t('fields.order'),
          cell: (o) => (
            <Stack spacing={0.75}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'start' }}>
                <OrderResource order={o} t={t} />
                <OrderStatusChip order={o} t={t} />
              </Box>
              <Typography variant="caption" color="text.secondary">
                {number(o)} · {t('values.months', { count: o.contractMonth })}
              </Typography>
              <Typography variant="body2">
                {t('values.term', { from: o.orderDate, to: o.orderEDate })}
              </Typography>
              <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {t('values.termPrice', { amount: formatMoney(o.termPrice) })}
              </Typography>
            </Stack>
          ),
        },
      ];
    }
    return [
      selection.column,
      { id: 'orderNo', header: t('fields.orderNo'), sortable: true, cell: number },
      {
        id: 'resName',
        header: t('fields.resource'),
        sortable: true,
        cell: (o) => <OrderResource order={o} t={t} />,
      },
      {
        id: 'contractMonth',
        header: t('fields.contractMonth'),
        align: 'right',
        cell: (o) => <NoWrap>{t('values.months', { count: o.contractMonth })}</NoWrap>,
      },
      {
        id: 'orderDate',
        header: t('fields.orderDate'),
        sortable: true,
        cell: (o) => <NoWrap>{o.orderDate}</NoWrap>,
      },
      {
        id: 'orderEDate',
        header: t('fields.orderEDate'),
        sortable: true,
        cell: (o) => <NoWrap>{o.orderEDate}</NoWrap>,
      },
      {
        id: 'status',
        header: t('fields.status'),
        sortable: true,
        cell: (o) => <OrderStatusChip order={o} t={t} />,
      },
      {
        id: 'termPrice',
        header: t('fields.termPrice'),
        align: 'right',
        cell: (o) => <NoWrap>{t('values.amount', { amount: formatMoney(o.termPrice) })}</NoWrap>,
      },
      { id: 'account', header: t('fields.account') },
    ];
    // `lang` re-makes the columns when the language changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, lang, phone, setShown, selection.column]);

  return (
    <ConsolePage
      title={t('history.title')}
      subtitle={t('history.subtitle')}
      actions={
        <DownloadButton
          download={() => exportOrders(filters, { sort: query.sort, orderby: query.orderby })}
          testId="order-export"
          disabled={!rangeOk}
        >
          {t('actions.export')}
        </DownloadButton>
      }
    >
      <Paper variant="outlined">
        <Box
          sx={{
            p: 2,
            pb: 1,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, minmax(0, 1fr))' },
          }}
          data-testid="order-filters"
        >
          <TextField
            select
            size="small"
            label={t('filters.status')}
            value={status}
            onChange={(e) => filtered(setStatus)(e.target.value)}
            slotProps={{
              select: { displayEmpty: true },
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': 'order-filter-status' },
            }}
          >
            <MenuItem value={ALL}>{t('filters.allStatuses')}</MenuItem>
            {enumValues(OrderStatus).map((s) => (
              <MenuItem key={s} value={String(s)}>
                {t(`enums:orderStatus.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          <OrderTypeFilter value={resType} onChange={filtered(setResType)} t={t} />
          <DateRangeFields
            type="date"
            from={from}
            to={to}
            labels={{ from: t('filters.from'), to: t('filters.to') }}
            onFromChange={filtered(setFrom)}
            onToChange={filtered(setTo)}
            testIdPrefix="order-filter"
          />
        </Box>
        {selection.bar}
        {selection.wrap(
          <ResourceTable
            columns={columns}
            rows={rows}
            total={orders.data?.total ?? 0}
            query={query}
            onQueryChange={setQuery}
            getRowId={(o) => o.id}
            loading={orders.isFetching}
            emptyText={t('history.empty')}
            data-testid="order-history-table"
          />,
        )}
      </Paper>
      <OrderEventsDialog id={shown} onClose={() => setShown(null)} />
    </ConsolePage>
  );
}
