import { eq, inArray, sql } from 'drizzle-orm';
import { OrderStatus, routePath } from '@portal/shared';
import { orders } from '../../../db/schema/index.js';
import { asText } from '../../../platform/resources/list-query.js';
import { bestMatches, matcherOf } from '../search-match.js';
import { defineSearchSource, hitOf, type MatchedRow } from '../search-source.js';

/** The orders the order-management page lists: those in force. */
const IN_FORCE = [OrderStatus.NORMAL, OrderStatus.ABOUT_TO_EXPIRE];

/**
 * Orders by the resource's name, the order number or the order's id. A caller who may see the
 * history finds every order and opens it there (its events); one who may only manage the current
 * orders finds those in force and opens that page.
 */
export const orderSource = defineSearchSource({
  kind: 'order',
  authority: ['myAccount/orderHistory', 'myAccount/orderManage'],
  async query(ctx, terms, limit) {
    const history = ctx.can('myAccount/orderHistory');
    const m = matcherOf(terms, [
      { field: 'name', column: orders.resName, how: 'text' },
      { field: 'orderNo', column: orders.orderNo, how: 'text' },
      { field: 'id', column: asText(orders.id), how: 'id' },
    ]);
    if (!m) return [];
    const best = bestMatches(ctx, orders, m, limit, history ? undefined : inArray(orders.status, IN_FORCE));
    const rows: MatchedRow[] = await ctx.db
      .select({
        id: sql<string>`${orders.id}::text`,
        title: orders.resName,
        subtitle: orders.orderNo,
        status: orders.status,
        field: m.field,
        text: best.text,
        rank: best.rank,
      })
      .from(best)
      .innerJoin(orders, eq(orders.id, best.id))
      .where(ctx.own(orders))
      .orderBy(best.rank, best.text, best.id);
    return rows.map((row) =>
      hitOf(
        'order',
        row,
        history
          ? `${routePath('orderHistory')}?order=${encodeURIComponent(row.id)}`
          : routePath('orderManage'),
      ),
    );
  },
});
