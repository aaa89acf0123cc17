import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  ANNUAL_CONTRACT_MONTHS,
  type Language,
  type OrderDetail,
  type OrderListQuery,
  type OrderPage,
  type OrderQuote,
  OrderResType,
  OrderStatus,
  canConvertVmToAnnual,
  ccisToday,
  orderStatusBefore,
  orderTermEnd,
  planOrderCancel,
  vmAnnualTerm,
} from '@portal/shared';
import { orders, osTemplates, vms, type OrderRow } from '../../db/schema/index.js';
import type { TenantScope } from '../../db/tenant-scope.js';
import type { AuthContext } from '../../platform/auth-context.js';
import type { Clock } from '../../platform/clock.js';
import { AppError, allowed, fail, isUniqueViolation, notFound } from '../../platform/errors.js';
import { isUuid } from '../../platform/ids.js';
import { orderCsv } from './order-csv.js';
import { priceList, sizingOf, vmPricingColumns } from './vm-pricing.js';
import { detailOf, newOrderNo, orderOf, recordEvent } from './order-rows.js';

/** The answer of a conversion: the order, and whether this call only repeated an earlier one. */
export interface CreateAnswer {
  order: OrderDetail;
  replayed: boolean;
}

export interface ConvertRequest {
  vmId: string;
  months: number;
  autoRenew: boolean;
}

/** The request a key stands for; a key used again with another request is refused. */
const digestOf = (r: ConvertRequest) => `${r.vmId.toLowerCase()}:${r.months}:${r.autoRenew ? 'Y' : 'N'}`;

const SORTS = {
  orderDate: orders.orderDate,
  orderEDate: orders.endDate,
  status: orders.status,
  resName: orders.resName,
  orderNo: orders.orderNo,
};

/** Exports are capped; a longer history is exported a date range at a time. */
export const ORDER_EXPORT_MAX_ROWS = 50_000;

/** The list's filters; `inForce` keeps the orders the manage page works on (status 1 and 2). */
function filters(query: Omit<OrderListQuery, 'page' | 'limit'>, inForce: boolean): SQL | undefined {
  let statuses = query.status;
  if (inForce) {
    const current: number[] = [OrderStatus.NORMAL, OrderStatus.ABOUT_TO_EXPIRE];
    statuses = (statuses ?? current).filter((s) => current.includes(s));
    if (statuses.length === 0) return sql`false`;
  }
  return and(
    statuses ? inArray(orders.status, statuses) : undefined,
    query.resType ? eq(orders.resType, query.resType) : undefined,
    query.from ? gte(orders.orderDate, query.from) : undefined,
    query.to ? lte(orders.orderDate, query.to) : undefined,
  );
}

function orderBy(query: Pick<OrderListQuery, 'sort' | 'orderby'>): SQL[] {
  const sort = query.sort ?? 'orderDate';
  const direction = query.orderby ?? (query.sort ? 'asc' : 'desc');
  const by = direction === 'desc' ? desc : asc;
  return [by(SORTS[sort]), by(orders.id)];
}

/** The caller's order by id (a lock for a change); another tenant's, or no uuid, is a 404. */
async function ownOrder(tenant: TenantScope, id: string, lock: boolean): Promise<OrderRow> {
  if (!isUuid(id)) throw notFound();
  const query = tenant.db
    .select()
    .from(orders)
    .where(tenant.own(orders, eq(orders.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** A VM of the caller (locked for this transaction when `lock`), with what its price depends on. */
async function vmForOrder(tenant: TenantScope, vmId: string, lock = true) {
  if (!isUuid(vmId)) throw fail('VM_NOT_FOUND');
  const query = tenant.db
    .select({
      id: vms.id,
      name: vms.name,
      status: vms.status,
      pendingOperation: vms.pendingOperation,
      isAnnual: vms.isAnnual,
      ...vmPricingColumns,
    })
    .from(vms)
    .innerJoin(osTemplates, eq(osTemplates.id, vms.templateId))
    .where(tenant.own(vms, eq(vms.id, vmId)));
  const [row] = lock ? await query.for('update', { of: vms }) : await query;
  if (!row) throw fail('VM_NOT_FOUND');
  return row;
}

export function createOrderService(deps: { clock: Clock }) {
  const today = (auth: AuthContext) => ccisToday(deps.clock.now(), auth.client.timeZone);

  async function list(auth: AuthContext, query: OrderListQuery, inForce: boolean): Promise<OrderPage> {
    const { rows, total } = await auth.tenant.selectPage(orders, {
      where: filters(query, inForce),
      orderBy: orderBy(query),
      page: query.page,
      limit: query.limit,
    });
    return { records: rows.map(orderOf), total, page: query.page, limit: query.limit, today: today(auth) };
  }

  /** The price of a term for a VM of the caller, as a conversion today would fix it. */
  async function quote(auth: AuthContext, vmId: string, months: number): Promise<OrderQuote> {
    if (!(ANNUAL_CONTRACT_MONTHS as readonly number[]).includes(months)) throw fail('FORMAT_ERROR');
    const vm = await vmForOrder(auth.tenant, vmId, false);
    const price = vmAnnualTerm(await priceList(auth.tenant.db), sizingOf(vm), months);
    const day = today(auth);
    return { vmId: vm.id, months, orderDate: day, orderEDate: orderTermEnd(day, months), ...price };
  }

  async function get(auth: AuthContext, id: string): Promise<OrderDetail> {
    return detailOf(auth.tenant.db, await ownOrder(auth.tenant, id, false));
  }

  async function exportCsv(auth: AuthContext, query: OrderListQuery, lang: Language): Promise<string> {
    const { rows } = await auth.tenant.selectPage(orders, {
      where: filters(query, false),
      orderBy: orderBy(query),
      page: 0,
      limit: ORDER_EXPORT_MAX_ROWS,
    });
    return orderCsv(rows.map(orderOf), lang);
  }

  /**
   * Convert an on-demand VM to an annual contract, in the caller's transaction (the audited
   * route's). The VM's row is locked first, so a second request for it (a double click, a retry,
   * another tab) waits for this one and then sees it: with the same key it gets this answer,
   * otherwise VM_ALREADY_ANNUAL. The partial unique index (one order in force per VM) stands
   * behind the lock. The price of the term is fixed from the price list of the day.
   */
  async function convert(auth: AuthContext, key: string, request: ConvertRequest): Promise<CreateAnswer> {
    const tenant = auth.tenant;
    const replay = async () => {
      const [earlier] = await tenant.db
        .select()
        .from(orders)
        .where(tenant.own(orders, eq(orders.idempotencyKey, key)));
      if (!earlier) return null;
      if (earlier.requestDigest !== digestOf(request)) throw new AppError(409, 'FORMAT_ERROR');
      return { order: await detailOf(tenant.db, earlier), replayed: true };
    };
    const before = await replay();
    if (before) return before;
    if (!(ANNUAL_CONTRACT_MONTHS as readonly number[]).includes(request.months)) throw fail('FORMAT_ERROR');

    const vm = await vmForOrder(tenant, request.vmId);
    // A retry that waited for the lock finds the order the first request made.
    const after = await replay();
    if (after) return after;
    allowed(canConvertVmToAnnual(vm));

    const price = vmAnnualTerm(await priceList(tenant.db), sizingOf(vm), request.months);
    const day = today(auth);
    const endDate = orderTermEnd(day, request.months);
    const status = orderStatusBefore(endDate, day);
    const now = deps.clock.now();
    let row: OrderRow;
    try {
      [row] = (await tenant.insert(orders, {
        orderNo: newOrderNo('VM', day),
        resType: OrderResType.VM,
        vmId: vm.id,
        resName: vm.name,
        cpuCore: vm.cpuCore,
        ramSize: vm.ramSize,
        months: request.months,
        orderDate: day,
        endDate,
        status,
        autoRenew: request.autoRenew,
        monthlyPrice: price.monthly.total,
        termPrice: price.term,
        idempotencyKey: key,
        requestDigest: digestOf(request),
        userId: auth.user.id,
        account: auth.user.account,
        createdAt: now,
        convertedAt: now,
        modifiedAt: now,
      })) as [OrderRow];
    } catch (error) {
      // The same key sent at once for two different VMs: the second is a reuse of the key.
      if (isUniqueViolation(error)) throw new AppError(409, 'FORMAT_ERROR');
      throw error;
    }
    await tenant.update(vms, { isAnnual: true }, eq(vms.id, vm.id));
    await recordEvent(tenant.db, row, {
      at: now,
      kind: 'create',
      status,
      beginDate: day,
      endDate,
      termPrice: price.term,
      account: auth.user.account,
    });
    return { order: await detailOf(tenant.db, row), replayed: false };
  }

  /**
   * Cancel an annual order (planOrderCancel says when): the order ends at once and its VM turns
   * on-demand (it may then be resized or deleted). The order's row is locked, then the VM's.
   */
  async function cancel(auth: AuthContext, id: string): Promise<OrderDetail> {
    const tenant = auth.tenant;
    const order = await ownOrder(tenant, id, true);
    const plan = planOrderCancel(order, today(auth));
    if (typeof plan === 'string') throw fail(plan);
    const now = deps.clock.now();
    if (order.vmId) {
      await tenant.db
        .select({ id: vms.id })
        .from(vms)
        .where(tenant.own(vms, eq(vms.id, order.vmId)))
        .for('update');
      await tenant.update(vms, { isAnnual: false }, eq(vms.id, order.vmId));
    }
    const [row] = await tenant.update(
      orders,
      { status: plan, cancelledAt: now, endedAt: now, modifiedAt: now, version: sql`${orders.version} + 1` },
      eq(orders.id, order.id),
    );
    await recordEvent(tenant.db, order, {
      at: now,
      kind: 'cancel',
      status: plan,
      beginDate: null,
      endDate: order.endDate,
      termPrice: null,
      account: auth.user.account,
    });
    return detailOf(tenant.db, row!);
  }

  return { list, quote, get, exportCsv, convert, cancel };
}
export type OrderService = ReturnType<typeof createOrderService>;
