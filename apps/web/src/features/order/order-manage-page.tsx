import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Add from '@mui/icons-material/Add';
import History from '@mui/icons-material/History';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, type Order, routePath } from '@portal/shared';
import { ConsolePage } from '../../components/console-page';
import { DownloadButton } from '../../components/download-button';
import { useBulkSelection } from '../../components/resource-kit/bulk-selection';
import type { ResourceColumn, TableQuery } from '../../components/resource-table/resource-column';
import { ResourceTable } from '../../components/resource-table/resource-table';
import { formatMoney } from '../../lib/format/money';
import { usePermissions } from '../../lib/permissions/use-permissions';
import { exportAllRows } from '../../lib/resource-kit/csv';
import { getPage } from '../../lib/resource-kit/resource-queries';
import { type OrderFilters, useOrders } from './order-api';
import { OrderAction, OrderCancelDialog } from './order-cancel';
import { orderCsvColumns } from './order-csv';
import { NoWrap, OrderResource, OrderStatusChip, OrderTypeFilter } from './order-parts';
import { cancelOrders, currentOrders } from './order-selection';

const ALL = '';
const NO_ORDERS: Order[] = [];

/**
 * Order management (route orderManage, under the account menu): the orders in force, VMs' annual
 * contracts and data-store purchases, with their end dates and statuses; cancel an annual contract
 * with the password (one, or a selection), or create one; CSV of the filtered list.
 */
export default function OrderManagePage() {
  const { t, i18n } = useTranslation(['order', 'enums', 'apiError']);
  const { can } = usePermissions();
  const canManage = can('myAccount/orderManage/manage');
  const [query, setQuery] = useState<TableQuery>({ page: FIRST_PAGE, limit: DEFAULT_PAGE_SIZE });
  const [resType, setResType] = useState(ALL);
  const filters: OrderFilters = useMemo(
    () => ({ resType: (resType || undefined) as OrderFilters['resType'] }),
    [resType],
  );
  const orders = useOrders('current', query, filters);
  const today = orders.data?.today ?? '';
  const rows = orders.data?.records ?? NO_ORDERS;
  const actions = useMemo(() => [cancelOrders(today)], [today]);
  const selection = useBulkSelection(currentOrders, rows, { actions, csv: () => orderCsvColumns(t) });
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const lang = i18n.language;
  const exportCsv = () =>
    exportAllRows(currentOrders.name, orderCsvColumns(t), (page, limit) =>
      getPage<Order>(currentOrders.base, { ...filters, page, limit }),
    );

  const columns = useMemo<ResourceColumn<Order>[]>(() => {
    const action = (o: Order) => (
      <OrderAction
        order={o}
        today={today}
        canManage={canManage}
        canAskSupport={can('myAccount/myTicket/manage')}
        onCancel={setCancelling}
      />
    );
    const price = (o: Order) => t('values.perMonth', { amount: formatMoney(o.monthlyPrice) });
    if (phone) {
      return [
        selection.column,
        {
          id: 'order',
          header: t('fields.order'),
          cell: (o) => (
            <Stack spacing={0.75} data-testid={`order-row-${o.orderNo}`}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'start' }}>
                <OrderResource order={o} t={t} />
                <OrderStatusChip order={o} t={t} />
              </Box>
              <Typography variant="caption" color="text.secondary">
                {o.orderNo} · {t('values.months', { count: o.contractMonth })}
              </Typography>
              <Typography variant="body2">
                {t('values.term', { from: o.orderDate, to: o.orderEDate })}
              </Typography>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
                <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {price(o)}
                </Typography>
                {action(o)}
              </Box>
            </Stack>
          ),
        },
      ];
    }
    return [
      selection.column,
      { id: 'orderNo', header: t('fields.orderNo'), cell: (o) => <NoWrap>{o.orderNo}</NoWrap> },
      { id: 'resource', header: t('fields.resource'), cell: (o) => <OrderResource order={o} t={t} /> },
      {
        id: 'term',
        header: t('fields.term'),
        cell: (o) => (
          <Box>
            <NoWrap>{t('values.term', { from: o.orderDate, to: o.orderEDate })}</NoWrap>
            <Typography
              variant="caption"
              color="text.secondary"
              component="div"
              sx={{ whiteSpace: 'nowrap' }}
            >
              {t('values.months', { count: o.contractMonth })} ·{' '}
              {t(o.autoRenew ? 'values.renews' : 'values.ends')}
            </Typography>
          </Box>
        ),
      },
      { id: 'status', header: t('fields.status'), cell: (o) => <OrderStatusChip order={o} t={t} /> },
      {
        id: 'monthlyPrice',
        header: t('fields.monthlyPrice'),
        align: 'right',
        cell: (o) => <NoWrap>{price(o)}</NoWrap>,
      },
      { id: 'actions', header: t('fields.actions'), cell: action },
    ];
    // `lang` re-makes the columns when the language changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, lang, phone, today, canManage, selection.column]);

  return (
    <ConsolePage
      title={t('manage.title')}
      subtitle={t('manage.subtitle')}
      actions={
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }} useFlexGap>
          {can('myAccount/orderHistory') && (
            <Button
              variant="outlined"
              color="secondary"
              startIcon={<History />}
              component={Link}
              to={routePath('orderHistory')}
              data-testid="order-history-link"
            >
              {t('actions.history')}
            </Button>
          )}
          {canManage && (
            <Button
              variant="contained"
              startIcon={<Add />}
              component={Link}
              to={routePath('orderCreate')}
              data-testid="order-create-link"
            >
              {t('actions.create')}
            </Button>
          )}
        </Stack>
      }
    >
      <Alert severity="info" variant="outlined" sx={{ mb: 2 }} data-testid="order-rules">
        {t('manage.rules')}
      </Alert>
      <Paper variant="outlined">
        <Box sx={{ p: 2, pb: 1, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <OrderTypeFilter
            value={resType}
            onChange={(v) => {
              setResType(v);
              setQuery((q) => ({ ...q, page: FIRST_PAGE }));
            }}
            t={t}
            sx={{ width: { xs: '100%', sm: 260 } }}
          />
          <Box sx={{ flex: 1 }} />
          <DownloadButton download={exportCsv} testId="order-current-export">
            {t('actions.export')}
          </DownloadButton>
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
            emptyText={t('manage.empty')}
            data-testid="order-table"
          />,
        )}
      </Paper>
      {selection.runner.element}
      <OrderCancelDialog order={cancelling} today={today} onClose={() => setCancelling(null)} />
    </ConsolePage>
  );
}
