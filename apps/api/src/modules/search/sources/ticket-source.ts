import { sql } from 'drizzle-orm';
import { routePath } from '@portal/shared';
import { tickets } from '../../../db/schema/index.js';
import { asText } from '../../../platform/resources/list-query.js';
import { matcherOf, readMatches } from '../search-match.js';
import { defineSearchSource, hitOf } from '../search-source.js';

/**
 * Support tickets by their number, their description or their id; a hit opens the ticket's
 * conversation. The second line names what the ticket is about (the VM, else the contract).
 */
export const ticketSource = defineSearchSource({
  kind: 'ticket',
  authority: 'myAccount/myTicket',
  async query(ctx, terms, limit) {
    const m = matcherOf(terms, [
      { field: 'ticketNo', column: tickets.ticketNo, how: 'text' },
      { field: 'description', column: tickets.remark, how: 'text' },
      { field: 'id', column: asText(tickets.id), how: 'id' },
    ]);
    if (!m) return [];
    const rows = await readMatches(ctx, tickets, m, limit, () => ({
      title: tickets.ticketNo,
      subtitle: sql<string | null>`coalesce(${tickets.vmName}, ${tickets.ccisOrderId})`,
      status: tickets.status,
    }));
    return rows.map((row) => hitOf('ticket', row, routePath('ticketDetail', { id: row.id })));
  },
});
