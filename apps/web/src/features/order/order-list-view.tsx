import { useTranslation } from 'react-i18next';
import type { Order } from '@portal/shared';
import type { Paged } from '../../lib/api/resource';
import { ListView, type ListViewProps } from '../../components/resource-kit/list-view';
import { orderCsvColumns } from './order-csv';

/** An order list on screen: the page asked for, its CSV the orders' columns. */
export function OrderListView({
  orders,
  ...props
}: Omit<ListViewProps<Order>, 'page' | 'loading' | 'csv'> & {
  orders: { data?: Paged<Order>; isFetching: boolean };
}) {
  const { t } = useTranslation(['order', 'enums']);
  return (
    <ListView {...props} page={orders.data} loading={orders.isFetching} csv={() => orderCsvColumns(t)} />
  );
}
