import { inArray } from 'drizzle-orm';
import { OrderStatus, routePath } from '@portal/shared';
import { orders } from '../../../db/schema/index.js';
import { asText } from '../../../platform/resources/list-query.js';
import { matcherOf, readMatches } from '../search-match.js';
import { defineSearchSource, hitOf } from '../search-source.js';

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
    const rows = await readMatches(
      ctx,
      orders,
      m,
      limit,
      () => ({ title: orders.resName, subtitle: orders.orderNo, status: orders.status }),
      { where: history ? undefined : inArray(orders.status, IN_FORCE) },
    );
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
