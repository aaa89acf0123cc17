import DoNotDisturbOn from '@mui/icons-material/DoNotDisturbOnOutlined';
import { type DestructiveBody, type Order, canCancelOrder } from '@portal/shared';
import { type KitAction, type ListSubject, defineAction } from '../../lib/resource-kit/definition';
import { cancelOrder } from './order-api';

const orders = {
  namespace: 'order',
  base: '/orders',
  // A cancelled contract puts its VM back on demand.
  affects: ['/vms'],
  id: (o: Order) => o.id,
  title: (o: Order) => o.orderNo,
  authority: { manage: 'myAccount/orderManage/manage' as const },
};

/** The orders in force (the manage page) as the kit's selection knows them. */
export const currentOrders: ListSubject<Order> = { ...orders, name: 'order' };
/** The order history: its selection only exports. */
export const orderHistory: ListSubject<Order> = { ...orders, name: 'order-history' };

/**
 * Cancelling annual contracts on a selection: each order by its own call with the password, the
 * shared rule (`today` is the customer's, from the list's answer) skipping those it refuses. A
 * row cancels with its own button and dialog, which say more (OrderAction).
 */
export const cancelOrders = (today: string): KitAction<Order> =>
  defineAction<Order, DestructiveBody>({
    id: 'cancel',
    label: 'cancel.confirm',
    icon: <DoNotDisturbOn fontSize="small" />,
    allowed: (o) => canCancelOrder(o, today),
    confirm: 'password',
    destructive: true,
    bulk: 'only',
    run: (o, body, options) => cancelOrder(o.id, body, options),
  });
