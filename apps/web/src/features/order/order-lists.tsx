import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { type Order, OrderStatus, enumValues } from '@portal/shared';
import type { ListDefinition } from '../../lib/resource-kit/definition';
import { formatMoney } from '../../lib/format/money';
import { OrderAction } from './order-cancel';
import { NoWrap, OrderResource, OrderStatusChip, orderTypeFilter } from './order-parts';
import { cancelOrders, currentOrders, orderHistory } from './order-selection';

const monthly = (o: Order, t: TFunction) => t('values.perMonth', { amount: formatMoney(o.monthlyPrice) });
const term = (o: Order, t: TFunction) => t('values.term', { from: o.orderDate, to: o.orderEDate });
const months = (o: Order, t: TFunction) => t('values.months', { count: o.contractMonth });

/** What the manage page's rows need besides the order: the customer's today and the caller's rights. */
export interface OrderManageContext {
  today: string;
  canManage: boolean;
  /** May open a support ticket (myAccount/myTicket/manage). */
  canAskSupport: boolean;
  onCancel: (order: Order) => void;
}

/**
 * The orders in force (route orderManage) as the kit's list: by type, each with its term, status
 * and price, and its cancel (or the way to support, or the data-store page); cancel on a
 * selection with the password; on a phone each order is one stacked cell.
 */
export function orderManageList(ctx: OrderManageContext): ListDefinition<Order> {
  const action = (o: Order) => (
    <OrderAction
      order={o}
      today={ctx.today}
      canManage={ctx.canManage}
      canAskSupport={ctx.canAskSupport}
      onCancel={ctx.onCancel}
    />
  );
  return {
    ...currentOrders,
    filters: [orderTypeFilter],
    actions: [cancelOrders(ctx.today)],
    columns: [
      {
        id: 'order',
        phone: 'only',
        cell: (o, { t }) => (
          <Stack spacing={0.75} data-testid={`order-row-${o.orderNo}`}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'start' }}>
              <OrderResource order={o} t={t} />
              <OrderStatusChip order={o} t={t} />
            </Box>
            <Typography variant="caption" color="text.secondary">
              {o.orderNo} · {months(o, t)}
            </Typography>
            <Typography variant="body2">{term(o, t)}</Typography>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
              <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {monthly(o, t)}
              </Typography>
              {action(o)}
            </Box>
          </Stack>
        ),
      },
      { id: 'orderNo', nowrap: true },
      { id: 'resource', cell: (o, { t }) => <OrderResource order={o} t={t} /> },
      {
        id: 'term',
        cell: (o, { t }) => (
          <Box>
            <NoWrap>{term(o, t)}</NoWrap>
            <Typography
              variant="caption"
              color="text.secondary"
              component="div"
              sx={{ whiteSpace: 'nowrap' }}
            >
              {months(o, t)} · {t(o.autoRenew ? 'values.renews' : 'values.ends')}
            </Typography>
          </Box>
        ),
      },
      { id: 'status', cell: (o, { t }) => <OrderStatusChip order={o} t={t} /> },
      { id: 'monthlyPrice', align: 'right', nowrap: true, cell: (o, { t }) => monthly(o, t) },
      { id: 'actions', cell: action },
    ],
  };
}

/**
 * Every order (route orderHistory) as the kit's list: by status, type and order date, sorted on
 * the server; an order's number opens its history (`onOpen`); the selection exports.
 */
export const orderHistoryList = (onOpen: (id: string) => void): ListDefinition<Order> => {
  const number = (o: Order) => (
    <Link
      component="button"
      type="button"
      onClick={() => onOpen(o.id)}
      sx={{ whiteSpace: 'nowrap' }}
      data-testid={`order-open-${o.orderNo}`}
    >
      {o.orderNo}
    </Link>
  );
  return {
    ...orderHistory,
    filters: [
      {
        id: 'status',
        label: 'filters.status',
        all: 'filters.allStatuses',
        options: (t) =>
          enumValues(OrderStatus).map((s) => ({ value: String(s), label: t(`enums:orderStatus.${s}`) })),
      },
      orderTypeFilter,
      { id: 'range', kind: 'range', type: 'date', labels: { from: 'filters.from', to: 'filters.to' } },
    ],
    columns: [
      {
        id: 'order',
        phone: 'only',
        cell: (o, { t }) => (
          <Stack spacing={0.75}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'start' }}>
              <OrderResource order={o} t={t} />
              <OrderStatusChip order={o} t={t} />
            </Box>
            <Typography variant="caption" color="text.secondary">
              {number(o)} · {months(o, t)}
            </Typography>
            <Typography variant="body2">{term(o, t)}</Typography>
            <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {t('values.termPrice', { amount: formatMoney(o.termPrice) })}
            </Typography>
          </Stack>
        ),
      },
      { id: 'orderNo', sortable: true, cell: number },
      {
        id: 'resName',
        label: 'fields.resource',
        sortable: true,
        cell: (o, { t }) => <OrderResource order={o} t={t} />,
      },
      { id: 'contractMonth', align: 'right', nowrap: true, cell: (o, { t }) => months(o, t) },
      { id: 'orderDate', sortable: true, nowrap: true },
      { id: 'orderEDate', sortable: true, nowrap: true },
      { id: 'status', sortable: true, cell: (o, { t }) => <OrderStatusChip order={o} t={t} /> },
      {
        id: 'termPrice',
        align: 'right',
        nowrap: true,
        cell: (o, { t }) => t('values.amount', { amount: formatMoney(o.termPrice) }),
      },
      { id: 'account' },
    ],
  };
};
