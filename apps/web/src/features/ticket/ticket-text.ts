import type { TFunction } from 'i18next';
import { TicketStatus, type Ticket } from '@portal/shared';
import type { StatusTone } from '../../lib/resource-kit/status';

/** New tickets wait for support (info), waiting ones for the customer (warning). */
export const TICKET_STATUS_TONES: Record<TicketStatus, StatusTone> = {
  [TicketStatus.NEW]: 'info',
  [TicketStatus.PROCESS]: 'success',
  [TicketStatus.WAITING]: 'warning',
  [TicketStatus.CLOSE]: 'default',
};

/** What the ticket is about: its VM, its contract, or both ("web-1 · Contract DS2026..."). */
export function targetText(ticket: Pick<Ticket, 'vmName' | 'ccisId'>, t: TFunction): string {
  const parts = [
    ticket.vmName,
    ticket.ccisId ? t('ticket:values.contract', { id: ticket.ccisId }) : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : '—';
}
