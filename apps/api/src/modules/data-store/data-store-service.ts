import { randomBytes } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import {
  type CcisContract,
  type CcisPurchase,
  type CcisTerm,
  ccisContractState,
  ccisExcessGb,
  ccisMonthlyEstimate,
  ccisTermTotal,
  ccisToday,
  planCcisPurchase,
  priceCodes,
} from '@portal/shared';
import { buckets, ccisTerms, clients, priceItems, type CcisTermRow } from '../../db/schema/index.js';
import type { Db } from '../../db/database.js';
import type { TenantScope } from '../../db/tenant-scope.js';
import type { AuthContext } from '../../platform/auth-context.js';
import type { Clock } from '../../platform/clock.js';
import { AppError, fail, isUniqueViolation } from '../../platform/errors.js';

/** A purchase's answer: the term it made, and whether this call only repeated an earlier one. */
export interface PurchaseAnswer {
  term: CcisTerm;
  replayed: boolean;
}

const termOf = (row: CcisTermRow): CcisTerm => ({
  orderId: row.orderId,
  kind: row.kind,
  months: row.months,
  beginDate: row.beginDate,
  expireDate: row.expireDate,
  commitGb: row.commitGb,
  autoExtend: row.autoExtend,
  monthlyPrice: row.monthlyPrice,
  termPrice: row.termPrice,
  account: row.account,
  createdAt: row.createdAt.toISOString(),
  modifiedAt: row.modifiedAt.toISOString(),
});

/** The request a key stands for; a key used again with another request is refused. */
const digestOf = (p: CcisPurchase) => `${p.commitGb}:${p.months}:${p.autoExtend ? 'Y' : 'N'}`;

/** An order number a customer can read out: the day and six hex digits. */
const newOrderId = (day: string) =>
  `DS${day.replace(/-/g, '')}-${randomBytes(3).toString('hex').toUpperCase()}`;

/** The history in the order bought (the rules replay it). */
const termsOf = (tenant: TenantScope) =>
  tenant.db.select().from(ccisTerms).where(tenant.own(ccisTerms)).orderBy(ccisTerms.createdAt, ccisTerms.id);

/**
 * Locks the customer's row for the rest of the transaction: the contract's changes (and the order
 * job, order-day.ts) wait for each other and each then sees what the one before wrote.
 */
const lockCustomer = (tenant: TenantScope) =>
  tenant.db.select({ id: clients.id }).from(clients).where(eq(clients.id, tenant.clientId)).for('update');

async function usedBytesOf(tenant: TenantScope): Promise<number> {
  const [row] = await tenant.db
    .select({ used: sql<string>`coalesce(sum(${buckets.sizeBytes}), 0)` })
    .from(buckets)
    .where(tenant.own(buckets));
  return Number(row?.used ?? 0);
}

/**
 * What else a change of the contract writes in its transaction, on the customer's day: the app
 * hands in the orders' record of purchases (every purchase is an order of type ccis).
 */
export type ContractChanged = (db: Db, clientId: string, today: string) => Promise<void>;

export function createDataStoreService(deps: { clock: Clock; contractChanged?: ContractChanged }) {
  const today = (auth: AuthContext) => ccisToday(deps.clock.now(), auth.client.timeZone);

  async function contract(auth: AuthContext): Promise<CcisContract> {
    const day = today(auth);
    const [rows, usedBytes] = await Promise.all([termsOf(auth.tenant), usedBytesOf(auth.tenant)]);
    const { current, pending } = ccisContractState(rows, day);
    const strip = (p: typeof current) =>
      p && {
        orderId: p.orderId,
        months: p.months,
        beginDate: p.beginDate,
        expireDate: p.expireDate,
        commitGb: p.commitGb,
        autoExtend: p.autoExtend,
        renewals: p.renewals,
      };
    return {
      today: day,
      current: strip(current),
      pending: strip(pending),
      purchasedToday: rows.some((r) => r.purchaseDay === day),
      usedBytes,
      excessGb: ccisExcessGb(usedBytes, current?.commitGb ?? 0),
    };
  }

  async function history(auth: AuthContext, page: number, limit: number) {
    const { rows, total } = await auth.tenant.selectPage(ccisTerms, {
      orderBy: [desc(ccisTerms.createdAt), desc(ccisTerms.id)],
      page,
      limit,
    });
    return { records: rows.map(termOf), total, page, limit };
  }

  /**
   * Buy or adjust, in the caller's transaction (the audited route's): the customer's row is locked
   * first, so a second purchase of the customer (a double click, another tab, a retry) waits for
   * this one and then sees it, whether it carries the same key (and gets this answer) or another
   * (and meets the one-a-day rule). The unique index on the day stands behind the lock.
   */
  async function purchase(auth: AuthContext, key: string, request: CcisPurchase): Promise<PurchaseAnswer> {
    const tenant = auth.tenant;
    await lockCustomer(tenant);

    const [earlier] = await tenant.db
      .select()
      .from(ccisTerms)
      .where(tenant.own(ccisTerms, eq(ccisTerms.idempotencyKey, key)));
    if (earlier) {
      if (earlier.requestDigest !== digestOf(request)) throw new AppError(409, 'FORMAT_ERROR');
      return { term: termOf(earlier), replayed: true };
    }

    const day = today(auth);
    const rows = await termsOf(tenant);
    const state = ccisContractState(rows, day);
    const plan = planCcisPurchase(
      state,
      request,
      day,
      rows.some((r) => r.purchaseDay === day),
    );
    if (typeof plan === 'string') throw fail(plan);

    const prices = priceCodes(
      await tenant.db.select({ code: priceItems.code, unitPrice: priceItems.unitPrice }).from(priceItems),
    );
    const now = deps.clock.now();
    try {
      const [row] = await tenant.insert(ccisTerms, {
        orderId: newOrderId(day),
        kind: plan.kind,
        months: request.months,
        beginDate: plan.beginDate,
        expireDate: plan.expireDate,
        commitGb: request.commitGb,
        autoExtend: request.autoExtend,
        monthlyPrice: ccisMonthlyEstimate(prices, request.commitGb).total,
        termPrice: ccisTermTotal(prices, request.commitGb, request.months),
        purchaseDay: day,
        idempotencyKey: key,
        requestDigest: digestOf(request),
        userId: auth.user.id,
        account: auth.user.account,
        createdAt: now,
        modifiedAt: now,
      });
      await deps.contractChanged?.(tenant.db, tenant.clientId, day);
      return { term: termOf(row!), replayed: false };
    } catch (error) {
      if (isUniqueViolation(error)) throw fail('CCIS_PURCHASE_TOO_OFTEN');
      throw error;
    }
  }

  /**
   * Auto-extend of the term in force and of a reduction waiting for its expiry (no purchase, so
   * not limited to one a day). Switched off after renewals, the term keeps the renewal it is in:
   * its row then ends where that renewal ends. Without a contract in force: 404 DB_HAS_NO_DATA.
   */
  async function setAutoExtend(auth: AuthContext, autoExtend: boolean): Promise<CcisContract> {
    const tenant = auth.tenant;
    await lockCustomer(tenant);
    const { current, pending } = ccisContractState(await termsOf(tenant), today(auth));
    if (!current) throw new AppError(404, 'DB_HAS_NO_DATA');
    const modifiedAt = deps.clock.now();
    await tenant.update(
      ccisTerms,
      current.renewals > 0
        ? { autoExtend, expireDate: current.expireDate, modifiedAt }
        : { autoExtend, modifiedAt },
      eq(ccisTerms.orderId, current.orderId),
    );
    if (pending)
      await tenant.update(ccisTerms, { autoExtend, modifiedAt }, eq(ccisTerms.orderId, pending.orderId));
    await deps.contractChanged?.(tenant.db, tenant.clientId, today(auth));
    return contract(auth);
  }

  return { contract, history, purchase, setAutoExtend };
}
export type DataStoreService = ReturnType<typeof createDataStoreService>;
