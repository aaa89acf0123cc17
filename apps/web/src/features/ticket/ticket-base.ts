import { TicketStatus, ticketContract } from '@portal/shared';
import { identityOf } from '../../lib/resource-kit/identity';
import { type StatusTone, defineStatus } from '../../lib/resource-kit/status';

/** Who the ticket resource is; the declaration (ticket-resource.tsx) adds how it shows and acts. */
export const ticketBase = identityOf(ticketContract, {
  name: 'ticket',
  namespace: 'ticket',
  id: (x) => x.uuid,
  title: (x) => x.ticketNo,
});

const TONES: Record<TicketStatus, StatusTone> = {
  [TicketStatus.NEW]: 'info',
  [TicketStatus.PROCESS]: 'success',
  [TicketStatus.WAITING]: 'warning',
  [TicketStatus.CLOSE]: 'default',
};

/** A ticket's status: new tickets wait for support (info), waiting ones for the customer (warning). */
export const ticketStatus = defineStatus(ticketBase, {
  values: TicketStatus,
  enumKey: 'ticketStatus',
  tone: (x) => TONES[x.status],
});
