import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import type { TFunction } from 'i18next';
import { type Order, OrderStatus } from '@portal/shared';
import { StatusChip, type StatusTone } from '../../components/resource-kit/status-chip';

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

/**
 * The type filter of the order lists: every order (the empty value), VMs or the data store.
 * `sx` sizes it where it stands alone in its bar.
 */
export function OrderTypeFilter({
  value,
  onChange,
  t,
  sx,
}: {
  value: string;
  onChange: (value: string) => void;
  t: TFunction;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      select
      size="small"
      label={t('filters.resType')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={sx}
      slotProps={{
        select: { displayEmpty: true },
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': 'order-filter-resType' },
      }}
    >
      <MenuItem value="">{t('filters.allTypes')}</MenuItem>
      <MenuItem value="vm">{t('enums:orderResType.vm')}</MenuItem>
      <MenuItem value="ccis">{t('enums:orderResType.ccis')}</MenuItem>
    </TextField>
  );
}
