import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Add from '@mui/icons-material/Add';
import History from '@mui/icons-material/History';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type Order, routePath } from '@portal/shared';
import { ConsolePage } from '../../components/console-page';
import { usePermissions } from '../../lib/permissions/use-permissions';
import { useListControls } from '../../lib/resource-kit/use-list-state';
import { fetchOrders, useOrders } from './order-api';
import { OrderCancelDialog } from './order-cancel';
import { orderManageList } from './order-lists';
import { OrderListView } from './order-list-view';

/**
 * Order management (route orderManage, under the account menu): the orders in force, VMs' annual
 * contracts and data-store purchases, with their end dates and statuses; cancel an annual contract
 * with the password (one, or a selection), or create one; CSV of the filtered list.
 */
export default function OrderManagePage() {
  const { t } = useTranslation(['order', 'enums', 'apiError']);
  const { can } = usePermissions();
  const canManage = can('myAccount/orderManage/manage');
  const canAskSupport = can('myAccount/myTicket/manage');
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const [today, setToday] = useState('');
  const def = useMemo(
    () => orderManageList({ today, canManage, canAskSupport, onCancel: setCancelling }),
    [today, canManage, canAskSupport],
  );
  const controls = useListControls(def, { inUrl: true, replace: true });
  const orders = useOrders('current', controls.query);
  // The customer's today comes with each answer; the cancel rule reads it.
  const answered = orders.data?.today ?? '';
  if (answered && answered !== today) setToday(answered);

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
      <OrderListView
        def={def}
        controls={controls}
        orders={orders}
        exportAll={{ fetch: fetchOrders('current'), testId: 'order-current-export' }}
        emptyText={t('manage.empty')}
      />
      <OrderCancelDialog order={cancelling} today={today} onClose={() => setCancelling(null)} />
    </ConsolePage>
  );
}
