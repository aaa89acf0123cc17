import type { TFunction } from 'i18next';
import { type CloudExchange, CloudExchangeStatus } from '@portal/shared';
import { StatusChip } from '../../components/resource-kit/status-chip';

/** The cloud is working on it: being ordered, or being taken down. */
export const isExchangeBusy = (x: CloudExchange) =>
  x.pendingOperation !== null || x.status === CloudExchangeStatus.ORDERING;

export const exchangeStatusText = (x: CloudExchange, t: TFunction) =>
  x.pendingOperation === 'delete' ? t('exCloud:values.deleting') : t(`enums:cloudExchangeStatus.${x.status}`);

export function ExchangeStatusChip({ exchange, t }: { exchange: CloudExchange; t: TFunction }) {
  const busy = isExchangeBusy(exchange);
  return (
    <StatusChip
      label={exchangeStatusText(exchange, t)}
      tone={
        busy
          ? 'info'
          : exchange.status === CloudExchangeStatus.DONE
            ? 'success'
            : exchange.statusReason
              ? 'warning'
              : 'default'
      }
      busy={busy}
      data-testid={`exchange-status-${exchange.uuid}`}
    />
  );
}
