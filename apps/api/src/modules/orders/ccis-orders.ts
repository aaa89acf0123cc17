import { and, asc, eq, sql } from 'drizzle-orm';
import {
  type CcisPeriod,
  OrderResType,
  OrderStatus,
  addMonths,
  ccisTermOutcomes,
  orderStatusBefore,
} from '@portal/shared';
import type { Db } from '../../db/database.js';
import { ccisTerms, orders, type CcisTermRow, type OrderRow } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import { recordEvent, recordRenewal, SYSTEM_ACCOUNT } from './order-rows.js';

/**
 * Data-store purchases as orders (res_type ccis): one order per ccis_terms row, written in the
 * purchase's own transaction and kept current by the order job. The contract's rules stay the data
 * store's (packages/shared rules/ccis.ts); an order shows what became of its term:
 * - in force: normal, or about to expire in its last 30 days (auto-extend renews it at the end);
 * - planned (a reduction waiting for the expiry): normal;
 * - ended, by its expiry or cut short by a later purchase: expired and cancelled (3);
 * - replaced by a later purchase before it began: void (5).
 */
export function ccisOrderStatus(period: CcisPeriod | null | undefined, today: string): OrderStatus {
  if (!period) return OrderStatus.VOID;
  if (period.expireDate <= today) return OrderStatus.EXPIRED_CANCELLED;
  if (period.beginDate > today) return OrderStatus.NORMAL;
  return orderStatusBefore(period.expireDate, today);
}

const isFinal = (status: number) => status !== OrderStatus.NORMAL && status !== OrderStatus.ABOUT_TO_EXPIRE;

/**
 * Bring one customer's data-store orders up to date on `today`: an order for every purchase, and
 * each order's end, status and auto-extend as the contract's rules say. A term that auto-extend
 * carried past its end is recorded as renewed (an event per new term, and an audit record).
 */
export async function syncCcisOrders(db: Db, clock: Clock, clientId: string, today: string): Promise<void> {
  const terms: CcisTermRow[] = await db
    .select()
    .from(ccisTerms)
    .where(eq(ccisTerms.clientId, clientId))
    .orderBy(asc(ccisTerms.createdAt), asc(ccisTerms.id));
  if (terms.length === 0) return;
  const outcomes = ccisTermOutcomes(terms, today);
  const existing = await db
    .select()
    .from(orders)
    .where(and(eq(orders.clientId, clientId), eq(orders.resType, OrderResType.CCIS)))
    .for('update');
  const byTerm = new Map(existing.map((o) => [o.ccisTermId, o]));
  const now = clock.now();

  for (const term of terms) {
    const period = outcomes.get(term.orderId);
    const status = ccisOrderStatus(period, today);
    const endDate = period?.expireDate ?? term.expireDate;
    const order = byTerm.get(term.id);
    if (!order) {
      const [made] = await db
        .insert(orders)
        .values({
          clientId,
          orderNo: term.orderId,
          resType: OrderResType.CCIS,
          ccisTermId: term.id,
          resName: 'CCIS',
          commitGb: term.commitGb,
          months: term.months,
          orderDate: term.purchaseDay,
          endDate,
          status,
          autoRenew: term.autoExtend,
          renewals: period?.renewals ?? 0,
          monthlyPrice: term.monthlyPrice,
          termPrice: term.termPrice,
          userId: term.userId,
          account: term.account,
          createdAt: term.createdAt,
          endedAt: isFinal(status) ? now : null,
          modifiedAt: now,
        })
        .returning();
      await recordEvent(db, made!, {
        at: term.createdAt,
        kind: 'create',
        status,
        beginDate: term.beginDate,
        endDate: term.expireDate,
        termPrice: term.termPrice,
        account: term.account,
      });
      continue;
    }
    await catchUp(db, clock, order, term, { status, endDate }, now);
  }
}

/** One existing order: its renewals since last seen, then its new status and end. */
async function catchUp(
  db: Db,
  clock: Clock,
  order: OrderRow,
  term: CcisTermRow,
  next: { status: OrderStatus; endDate: string },
  now: Date,
): Promise<void> {
  const renewed: { beginDate: string; endDate: string }[] = [];
  // Only auto-extend moves an end later (a later purchase only cuts it short).
  for (let end = order.endDate; end < next.endDate && order.months > 0;) {
    const following = addMonths(end, order.months);
    renewed.push({ beginDate: end, endDate: following });
    end = following;
  }
  const changed =
    renewed.length > 0 ||
    order.status !== next.status ||
    order.endDate !== next.endDate ||
    order.autoRenew !== term.autoExtend;
  if (!changed) return;

  for (const r of renewed) {
    await recordRenewal(db, clock, order, {
      at: now,
      status: next.status,
      beginDate: r.beginDate,
      endDate: r.endDate,
      termPrice: order.termPrice,
    });
  }
  if (order.status !== next.status) {
    await recordEvent(db, order, {
      at: now,
      kind: 'status',
      status: next.status,
      beginDate: null,
      endDate: next.endDate,
      termPrice: null,
      account: SYSTEM_ACCOUNT,
    });
  }
  await db
    .update(orders)
    .set({
      status: next.status,
      endDate: next.endDate,
      autoRenew: term.autoExtend,
      renewals: order.renewals + renewed.length,
      endedAt: isFinal(next.status) ? (order.endedAt ?? now) : null,
      modifiedAt: now,
      version: sql`${orders.version} + 1`,
    })
    .where(eq(orders.id, order.id));
}
