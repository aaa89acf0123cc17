import { ticketContract } from '@portal/shared';
import { identityOf } from '../../lib/resource-kit/identity';

/** Who the ticket resource is; the declaration (ticket-resource.tsx) adds how it shows and acts. */
export const ticketBase = identityOf(ticketContract, {
  name: 'ticket',
  namespace: 'ticket',
  id: (x) => x.uuid,
  title: (x) => x.ticketNo,
});
