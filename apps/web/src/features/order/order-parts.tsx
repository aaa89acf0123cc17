import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { type Order, OrderStatus } from '@portal/shared';
import { StatusChip } from '../../components/resource-kit/status-chip';
import type { StatusTone } from '../../lib/resource-kit/status';
import type { SelectFilter } from '../../lib/resource-kit/definition';

const TONES: Record<number, StatusTone> = {
  [OrderStatus.NORMAL]: 'success',
  [OrderStatus.ABOUT_TO_EXPIRE]: 'warning',
};

export function OrderStatusChip({ order, t }: { order: Order; t: TFunction }) {
  return (
    <StatusChip
      label={t(`enums:orderStatus.${order.status}`)}
      tone={TONES[order.status] ?? 'default'}
      data-testid={`order-status-${order.orderNo}`}
    />
  );
}

/** "2 vCPU / 16 GB", or the data store's commitment. */
export const orderSpec = (order: Order, t: TFunction) =>
  order.resType === 'vm'
    ? t('order:values.spec', { cpu: order.cpuCore ?? '?', ram: order.ramSize ?? '?' })
    : t('order:values.commit', { gb: (order.commitGb ?? 0).toLocaleString('en') });

/** The VM's name (or "Data store") with its type and size under it. */
export function OrderResource({ order, t }: { order: Order; t: TFunction }) {
  const name = order.resType === 'vm' ? order.resName : t('enums:orderResType.ccis');
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
        {name}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {order.resType === 'vm' ? `${t('enums:orderResType.vm')} · ` : ''}
        {orderSpec(order, t)}
      </Typography>
    </Box>
  );
}

/** Dates and order numbers read as one piece: a table cell never breaks them. */
export const NoWrap = ({ children }: { children: ReactNode }) => (
  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
    {children}
  </Box>
);

/** The type filter of the order lists: every order (the empty value), VMs or the data store. */
export const orderTypeFilter: SelectFilter = {
  id: 'resType',
  label: 'filters.resType',
  all: 'filters.allTypes',
  options: (t) => [
    { value: 'vm', label: t('enums:orderResType.vm') },
    { value: 'ccis', label: t('enums:orderResType.ccis') },
  ],
};
