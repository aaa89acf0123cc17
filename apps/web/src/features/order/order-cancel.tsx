import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  type Order,
  OrderStatus,
  TicketCategory,
  canCancelOrder,
  planOrderCancel,
  routePath,
} from '@portal/shared';
import { PasswordConfirmDialog } from '../../components/dialogs/password-confirm-dialog';
import { toI18nKey } from '../../lib/i18n/message-key';
import { toast } from '../../lib/toast/toast-store';
import { useCancelOrder } from './order-api';

/**
 * An order's action on the manage page: cancel a VM's annual contract (enabled by the same rule
 * the server applies, with its reason when not), or go to the data-store page for a contract
 * there.
 */
export function OrderAction({
  order,
  today,
  canManage,
  canAskSupport,
  onCancel,
}: {
  order: Order;
  today: string;
  canManage: boolean;
  /** May open a support ticket (myAccount/myTicket/manage). */
  canAskSupport: boolean;
  onCancel: (order: Order) => void;
}) {
  const { t } = useTranslation(['order', 'apiError']);
  if (order.resType === 'ccis') {
    return (
      <Button
        size="small"
        variant="outlined"
        color="secondary"
        component={Link}
        to={routePath('purchaseCCIS')}
        sx={{ whiteSpace: 'nowrap' }}
        data-testid={`order-ccis-${order.orderNo}`}
      >
        {t('actions.dataStore')}
      </Button>
    );
  }
  if (!canManage) return null;
  const rule = canCancelOrder(order, today);
  const cancel = (
    <Tooltip title={rule === true ? '' : t(toI18nKey(`apiError.${rule}`))}>
      {/* A disabled button gets no pointer events: the span keeps the reason's tooltip alive. */}
      <span data-testid={`order-cancel-${order.orderNo}-reason`}>
        <Button
          size="small"
          variant="outlined"
          color="error"
          disabled={rule !== true}
          onClick={() => onCancel(order)}
          data-testid={`order-cancel-${order.orderNo}`}
        >
          {t('actions.cancel')}
        </Button>
      </span>
    </Tooltip>
  );
  // Bound by its term: the way out is support (spec section 4), one click to a ticket about it.
  if (rule !== 'ORDER_CANCEL_NEEDS_SUPPORT' || !canAskSupport) return cancel;
  const ticket = new URLSearchParams({
    category: TicketCategory.BILLING,
    ...(order.resUuid ? { vm: order.resUuid } : {}),
  });
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {cancel}
      <Button
        size="small"
        variant="outlined"
        color="secondary"
        component={Link}
        to={`${routePath('createTicket')}?${ticket.toString()}`}
        sx={{ whiteSpace: 'nowrap' }}
        data-testid={`order-support-${order.orderNo}`}
      >
        {t('actions.support')}
      </Button>
    </Box>
  );
}

/** The password dialog of a cancellation: what happens to the order and to its VM. */
export function OrderCancelDialog({
  order,
  today,
  onClose,
}: {
  order: Order | null;
  today: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['order', 'enums']);
  const cancel = useCancelOrder();
  const plan = order ? planOrderCancel(order, today) : null;
  const confirm = (currentPassword: string) => {
    if (!order) return;
    cancel.mutate(
      { id: order.id, currentPassword },
      {
        onSuccess: (done) => {
          onClose();
          toast.success('order.toasts.cancelled', { orderNo: done.orderNo });
        },
      },
    );
  };
  return (
    <PasswordConfirmDialog
      open={order !== null}
      title={t('cancel.title', { orderNo: order?.orderNo ?? '' })}
      body={
        order && (
          <Typography sx={{ mb: 2 }} data-testid="order-cancel-body">
            {plan === OrderStatus.CANCELLED_WITHIN_7_DAYS
              ? t('cancel.withinSevenDays', { name: order.resName, date: order.orderDate })
              : t('cancel.nearExpiry', { name: order.resName, date: order.orderEDate })}
          </Typography>
        )
      }
      confirmLabel={t('cancel.confirm')}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
