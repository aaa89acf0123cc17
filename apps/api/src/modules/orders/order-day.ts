import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  OrderResType,
  OrderStatus,
  addDays,
  ccisToday,
  orderStatusBefore,
  renewalsDue,
  vmAnnualTerm,
  withinCoolingOff,
} from '@portal/shared';
import type { Db } from '../../db/database.js';
import { ccisTerms, clients, orders, osTemplates, vms, type OrderRow } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import type { Jobs } from '../../platform/jobs/index.js';
import { syncCcisOrders } from './ccis-orders.js';
import { priceList, sizingOf, vmPricingColumns } from './vm-pricing.js';
import { recordEvent, recordRenewal, SYSTEM_ACCOUNT } from './order-rows.js';

export const ORDER_DAY_QUEUE = 'order-day';

/** What one run changed, for the log and the tests. */
export interface OrderDayResult {
  aboutToExpire: number;
  renewed: number;
  expired: number;
  deleted: number;
  ccisCustomers: number;
}

/**
 * The orders' day (spec section 4), as a function of the time so tests run it with a moved clock:
 * for each order in force whose customer's day has come (days are the customer's, in its time
 * zone):
 * - in its last 30 days: normal → about to expire (2);
 * - at its end: an auto-renewing contract starts a new term (new end, the price list of the day,
 *   an event and an audit record per term); any other expires and is cancelled (3), its VM turns
 *   on-demand;
 * - a VM order whose VM is gone (deleted behind the portal's back, by support): deleted (4), or
 *   deleted under 7 days (6).
 * Data-store orders follow their contract (ccis-orders.ts). Each order changes in a transaction of
 * its own with its row locked, so a cancel at the same moment waits or is waited for, and a run
 * that stopped half-way is finished by the next.
 */
export async function runOrderDay(db: Db, clock: Clock): Promise<OrderDayResult> {
  const now = clock.now();
  // No customer's calendar is more than a day ahead of UTC: a cheap bound for the index.
  const horizon = addDays(now.toISOString().slice(0, 10), 31);
  const result: OrderDayResult = { aboutToExpire: 0, renewed: 0, expired: 0, deleted: 0, ccisCustomers: 0 };

  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.resType, OrderResType.VM),
        inArray(orders.status, [OrderStatus.NORMAL, OrderStatus.ABOUT_TO_EXPIRE]),
        or(lte(orders.endDate, horizon), isNull(orders.vmId)),
      ),
    );
  for (const { id } of due) {
    const outcome = await db.transaction((tx) => vmOrderDay(tx, clock, id, now));
    if (outcome) result[outcome] += 1;
  }

  // Data-store orders: customers with one in force near its end, or a purchase without its order
  // (bought before orders existed).
  const ccisDue = await db
    .selectDistinct({ clientId: orders.clientId })
    .from(orders)
    .where(
      and(
        eq(orders.resType, OrderResType.CCIS),
        inArray(orders.status, [OrderStatus.NORMAL, OrderStatus.ABOUT_TO_EXPIRE]),
        lte(orders.endDate, horizon),
      ),
    );
  const unrecorded = await db
    .selectDistinct({ clientId: ccisTerms.clientId })
    .from(ccisTerms)
    .leftJoin(orders, eq(orders.ccisTermId, ccisTerms.id))
    .where(isNull(orders.id));
  const customers = new Set([...ccisDue, ...unrecorded].map((r) => r.clientId));
  for (const clientId of customers) {
    await db.transaction(async (tx) => {
      const [client] = await tx
        .select({ timeZone: clients.timeZone })
        .from(clients)
        .where(eq(clients.id, clientId))
        // The data store's purchases lock the customer's row: a purchase and this wait in turn.
        .for('update');
      if (!client) return;
      await syncCcisOrders(tx, clock, clientId, ccisToday(now, client.timeZone));
    });
    result.ccisCustomers += 1;
  }
  return result;
}

type Outcome = Exclude<keyof OrderDayResult, 'ccisCustomers'>;

async function vmOrderDay(tx: Db, clock: Clock, id: string, now: Date): Promise<Outcome | null> {
  const [row] = await tx
    .select({ order: orders, timeZone: clients.timeZone })
    .from(orders)
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .where(eq(orders.id, id))
    .for('update', { of: orders });
  if (!row || (row.order.status !== OrderStatus.NORMAL && row.order.status !== OrderStatus.ABOUT_TO_EXPIRE)) {
    return null;
  }
  const order = row.order;
  const today = ccisToday(now, row.timeZone);
  const bump = { modifiedAt: now, version: sql`${orders.version} + 1` };

  if (order.vmId === null) {
    const status = withinCoolingOff(order.orderDate, today)
      ? OrderStatus.DELETED_WITHIN_7_DAYS
      : OrderStatus.DELETED;
    await tx
      .update(orders)
      .set({ status, endedAt: now, ...bump })
      .where(eq(orders.id, id));
    await statusEvent(tx, order, status, now);
    return 'deleted';
  }

  if (order.endDate <= today) {
    const terms = order.autoRenew ? renewalsDue(order.endDate, order.months, today) : [];
    if (terms.length > 0) return renew(tx, clock, order, terms, today, now);
    // The VM is locked before it turns on-demand (a resize asked at this moment waits, then may go).
    await tx.select({ id: vms.id }).from(vms).where(eq(vms.id, order.vmId)).for('update');
    await tx.update(vms).set({ isAnnual: false }).where(eq(vms.id, order.vmId));
    await tx
      .update(orders)
      .set({ status: OrderStatus.EXPIRED_CANCELLED, endedAt: now, ...bump })
      .where(eq(orders.id, id));
    await statusEvent(tx, order, OrderStatus.EXPIRED_CANCELLED, now);
    return 'expired';
  }

  const status = orderStatusBefore(order.endDate, today);
  if (status === order.status) return null;
  await tx
    .update(orders)
    .set({ status, ...bump })
    .where(eq(orders.id, id));
  await statusEvent(tx, order, status, now);
  return 'aboutToExpire';
}

/** New terms of an auto-renewing VM contract, each priced from the price list of the day. */
async function renew(
  tx: Db,
  clock: Clock,
  order: OrderRow,
  terms: { beginDate: string; endDate: string }[],
  today: string,
  now: Date,
): Promise<Outcome> {
  const [vm] = await tx
    .select(vmPricingColumns)
    .from(vms)
    .innerJoin(osTemplates, eq(osTemplates.id, vms.templateId))
    .where(eq(vms.id, order.vmId!));
  const price = vm ? vmAnnualTerm(await priceList(tx), sizingOf(vm), order.months) : null;
  const monthlyPrice = price?.monthly.total ?? order.monthlyPrice;
  const termPrice = price?.term ?? order.termPrice;
  const last = terms.at(-1)!;
  const status = orderStatusBefore(last.endDate, today);
  for (const term of terms) {
    await recordRenewal(
      tx,
      clock,
      order,
      { at: now, status, beginDate: term.beginDate, endDate: term.endDate, termPrice },
      { termPrice },
    );
  }
  await tx
    .update(orders)
    .set({
      status,
      endDate: last.endDate,
      renewals: order.renewals + terms.length,
      monthlyPrice,
      termPrice,
      modifiedAt: now,
      version: sql`${orders.version} + 1`,
    })
    .where(eq(orders.id, order.id));
  return 'renewed';
}

const statusEvent = (tx: Db, order: OrderRow, status: OrderStatus, now: Date) =>
  recordEvent(tx, order, {
    at: now,
    kind: 'status',
    status,
    beginDate: null,
    endDate: order.endDate,
    termPrice: null,
    account: SYSTEM_ACCOUNT,
  });

/**
 * Every hour (a pg-boss schedule: one run across all instances). The transitions are daily, but
 * each customer's day begins at its own midnight; a run changes only what that day has brought, so
 * running more often than daily changes nothing twice.
 */
export async function scheduleOrderDay(jobs: Jobs, deps: { db: Db; clock: Clock; log: FastifyBaseLogger }) {
  await jobs.schedule(ORDER_DAY_QUEUE, '7 * * * *', async () => {
    const result = await runOrderDay(deps.db, deps.clock);
    if (Object.values(result).some((n) => n > 0)) deps.log.info({ orders: result }, 'order day');
  });
}
