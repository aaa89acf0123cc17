import type { Ticket } from '@portal/shared';
import type { ResourceIdentity } from '../../lib/resource-kit/definition';

/** Who the ticket resource is; the declaration (ticket-resource.tsx) adds how it shows and acts. */
export const ticketBase: ResourceIdentity<Ticket> = {
  name: 'ticket',
  namespace: 'ticket',
  base: '/tickets',
  id: (x) => x.uuid,
  title: (x) => x.ticketNo,
  routes: { list: 'myTicket', create: 'createTicket', detail: 'ticketDetail' },
  authority: { view: 'myAccount/myTicket', manage: 'myAccount/myTicket/manage' },
};
