import type { TFunction } from 'i18next';
import type { Ticket } from '@portal/shared';

/** What the ticket is about: its VM, its contract, or both ("web-1 · Contract DS2026..."). */
export function targetText(ticket: Pick<Ticket, 'vmName' | 'ccisId'>, t: TFunction): string {
  const parts = [
    ticket.vmName,
    ticket.ccisId ? t('ticket:values.contract', { id: ticket.ccisId }) : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : '—';
}
