import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Order, OrderDetail, OrderEvent } from '@portal/shared';
import type { Db } from '../../db/database.js';
import { recordAudit } from '../../platform/audit.js';
import type { Clock } from '../../platform/clock.js';
import { orderEvents, type OrderEventRow, type OrderRow } from '../../db/schema/index.js';

/** The account that the job's changes are recorded under (renewals, expiry): the provider. */
export const SYSTEM_ACCOUNT = 'provider';

/** An order number a customer can read out: the kind, the day and six hex digits. */
export const newOrderNo = (prefix: 'VM', day: string) =>
  `${prefix}${day.replace(/-/g, '')}-${randomBytes(3).toString('hex').toUpperCase()}`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const orderOf = (row: OrderRow): Order => ({
  id: row.id,
  orderNo: row.orderNo,
  resType: row.resType,
  resUuid: row.vmId ?? row.ccisTermId,
  resName: row.resName,
  cpuCore: row.cpuCore,
  ramSize: row.ramSize,
  commitGb: row.commitGb,
  contractMonth: row.months,
  orderDate: row.orderDate,
  orderEDate: row.endDate,
  status: row.status as Order['status'],
  autoRenew: row.autoRenew,
  renewals: row.renewals,
  monthlyPrice: row.monthlyPrice,
  termPrice: row.termPrice,
  account: row.account,
  createdAt: row.createdAt.toISOString(),
  convertedAt: iso(row.convertedAt),
  cancelledAt: iso(row.cancelledAt),
  endedAt: iso(row.endedAt),
  version: row.version,
});

const eventOf = (row: OrderEventRow): OrderEvent => ({
  at: row.at.toISOString(),
  kind: row.kind,
  status: row.status as OrderEvent['status'],
  beginDate: row.beginDate,
  endDate: row.endDate,
  termPrice: row.termPrice,
  account: row.account,
});

export async function detailOf(db: Db, row: OrderRow): Promise<OrderDetail> {
  const events = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, row.id))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id));
  return { ...orderOf(row), events: events.map(eventOf) };
}

/** One line of an order's history. */
export async function recordEvent(
  db: Db,
  order: Pick<OrderRow, 'id' | 'clientId'>,
  event: Omit<typeof orderEvents.$inferInsert, 'id' | 'orderId' | 'clientId'>,
): Promise<void> {
  await db.insert(orderEvents).values({ ...event, orderId: order.id, clientId: order.clientId });
}

/**
 * A term the order job renewed, under the provider's name: its line in the order's history and
 * the customer's audit record (`detail` adds to the record's order number and dates).
 */
export async function recordRenewal(
  db: Db,
  clock: Clock,
  order: Pick<OrderRow, 'id' | 'clientId' | 'orderNo'>,
  term: { at: Date; status: number; beginDate: string; endDate: string; termPrice: string | null },
  detail: Record<string, unknown> = {},
): Promise<void> {
  await recordEvent(db, order, { ...term, kind: 'renew', account: SYSTEM_ACCOUNT });
  await recordAudit(db, clock, {
    clientId: order.clientId,
    userId: null,
    account: SYSTEM_ACCOUNT,
    action: 'order.renew',
    targetType: 'order',
    targetId: order.id,
    outcome: 'success',
    ip: '',
    detail: { orderNo: order.orderNo, beginDate: term.beginDate, endDate: term.endDate, ...detail },
  });
}
