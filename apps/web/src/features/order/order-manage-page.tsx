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
import type { ResourceColumn, TableQuery } from '../../components/resource-table/resource-column';
import { ResourceTable } from '../../components/resource-table/resource-table';
import { formatMoney } from '../../lib/format/money';
import { usePermissions } from '../../lib/permissions/use-permissions';
import { type OrderFilters, useOrders } from './order-api';
import { OrderAction, OrderCancelDialog } from './order-cancel';
import { NoWrap, OrderResource, OrderStatusChip, OrderTypeFilter } from './order-parts';

const ALL = '';

/**
 * Order management (route orderManage, under the account menu): the orders in force, VMs' annual
 * contracts and data-store purchases, with their end dates and statuses; cancel an annual contract
 * with the password, or create one.
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
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const lang = i18n.language;

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
  }, [t, lang, phone, today, canManage]);

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
        <Box sx={{ p: 2, pb: 0, display: 'flex', gap: 2 }}>
          <OrderTypeFilter
            value={resType}
            onChange={(v) => {
              setResType(v);
              setQuery((q) => ({ ...q, page: FIRST_PAGE }));
            }}
            t={t}
            sx={{ width: { xs: '100%', sm: 260 } }}
          />
        </Box>
        <ResourceTable
          columns={columns}
          rows={orders.data?.records ?? []}
          total={orders.data?.total ?? 0}
          query={query}
          onQueryChange={setQuery}
          getRowId={(o) => o.id}
          loading={orders.isFetching}
          emptyText={t('manage.empty')}
          data-testid="order-table"
        />
      </Paper>
      <OrderCancelDialog order={cancelling} today={today} onClose={() => setCancelling(null)} />
    </ConsolePage>
  );
}
