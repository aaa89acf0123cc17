import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../components/console-page';
import { DownloadButton } from '../../components/download-button';
import { formatDateTime } from '../../lib/format/date-time';
import { formatMoney } from '../../lib/format/money';
import { useListControls } from '../../lib/resource-kit/use-list-state';
import { useEventCallback } from '../../lib/use-event-callback';
import { ViewDialog } from '../../components/dialogs/view-dialog';
import { exportOrders, useOrder, useOrders } from './order-api';
import { orderHistoryList } from './order-lists';
import { OrderListView } from './order-list-view';

/** One order's history: its creation, each renewal with its term and price, each change of status. */
function OrderEventsDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation(['order', 'enums']);
  const order = useOrder(id);
  return (
    <ViewDialog
      open={id !== null}
      title={t('events.title', { orderNo: order.data?.orderNo ?? '' })}
      onClose={onClose}
      testId="order-events"
    >
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
    </ViewDialog>
  );
}

/**
 * Every order with filters (status, type, order date), server paging and sorting, CSV export of
 * the filtered history or of the selected rows (log code 10016).
 */
export default function OrderHistoryPage() {
  const { t } = useTranslation(['order', 'enums', 'apiError']);
  // The order whose history is open, in the address (`?order=<id>`), so a link can open it.
  const [params, setParams] = useSearchParams();
  const shown = params.get('order');
  const setShown = useEventCallback((id: string | null) =>
    setParams(
      (p) => {
        if (id === null) p.delete('order');
        else p.set('order', id);
        return p;
      },
      { replace: true },
    ),
  );
  const def = useMemo(() => orderHistoryList(setShown), [setShown]);
  const controls = useListControls(def, { inUrl: true, replace: true });
  const orders = useOrders('history', controls.query, controls.valid);

  return (
    <ConsolePage
      title={t('history.title')}
      subtitle={t('history.subtitle')}
      actions={
        <DownloadButton
          download={() => exportOrders(controls.query)}
          testId="order-export"
          disabled={!controls.valid}
        >
          {t('actions.export')}
        </DownloadButton>
      }
    >
      <OrderListView def={def} controls={controls} orders={orders} emptyText={t('history.empty')} />
      <OrderEventsDialog id={shown} onClose={() => setShown(null)} />
    </ConsolePage>
  );
}
