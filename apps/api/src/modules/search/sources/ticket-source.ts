import { eq, sql } from 'drizzle-orm';
import { routePath } from '@portal/shared';
import { tickets } from '../../../db/schema/index.js';
import { asText } from '../../../platform/resources/list-query.js';
import { bestMatches, matcherOf } from '../search-match.js';
import { defineSearchSource, hitOf, type MatchedRow } from '../search-source.js';

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
    const best = bestMatches(ctx, tickets, m, limit);
    const rows: MatchedRow[] = await ctx.db
      .select({
        id: sql<string>`${tickets.id}::text`,
        title: tickets.ticketNo,
        subtitle: sql<string | null>`coalesce(${tickets.vmName}, ${tickets.ccisOrderId})`,
        status: tickets.status,
        field: m.field,
        text: best.text,
        rank: best.rank,
      })
      .from(best)
      .innerJoin(tickets, eq(tickets.id, best.id))
      .where(ctx.own(tickets))
      .orderBy(best.rank, best.text, best.id);
    return rows.map((row) => hitOf('ticket', row, routePath('ticketDetail', { id: row.id })));
  },
});
