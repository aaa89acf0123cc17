import { ORDER_COOLING_OFF_DAYS, ORDER_EXPIRY_WINDOW_DAYS } from '../constants.js';
import { OrderResType, OrderStatus } from '../enums/order.js';
import { VmStatus } from '../enums/vm.js';
import { addMonths, daysBetween } from './ccis.js';
import type { RuleResult, VmState } from './vm.js';

/**
 * Orders and annual contracts (spec section 4, "Order status"): pure functions of calendar days
 * ('YYYY-MM-DD' in the customer's time zone, as for the data store), so the page and the server
 * decide alike. An order's `endDate` is the first day its term no longer covers.
 */

/** Status 1 and 2: the order is in force (the VM is annual, the commitment counts). */
export const isOrderInForce = (status: number): boolean =>
  status === OrderStatus.NORMAL || status === OrderStatus.ABOUT_TO_EXPIRE;

/** In force on `today`: normal, or about to expire in its last 30 days. */
export const orderStatusBefore = (endDate: string, today: string): OrderStatus =>
  daysBetween(today, endDate) <= ORDER_EXPIRY_WINDOW_DAYS ? OrderStatus.ABOUT_TO_EXPIRE : OrderStatus.NORMAL;

/** Within 7 days of ordering: a cancellation then is status 7, a deletion status 6. */
export const withinCoolingOff = (orderDate: string, today: string): boolean =>
  daysBetween(orderDate, today) < ORDER_COOLING_OFF_DAYS;

/** The last day of the cooling-off period (the order page says until when a cancel is free). */
export const coolingOffEnds = (orderDate: string): string => {
  const [y, m, d] = orderDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + ORDER_COOLING_OFF_DAYS - 1)).toISOString().slice(0, 10);
};

/** A VM may become annual when it is settled (running or stopped), not changing, and not annual yet. */
export function canConvertVmToAnnual(
  vm: Pick<VmState, 'status' | 'pendingOperation' | 'isAnnual'>,
): RuleResult {
  if (vm.isAnnual) return 'VM_ALREADY_ANNUAL';
  if (vm.pendingOperation !== null) return 'VM_STATUS_ERROR';
  return vm.status === VmStatus.RUNNING || vm.status === VmStatus.STOPPED ? true : 'VM_STATUS_ERROR';
}

export interface OrderFacts {
  resType: string;
  status: number;
  orderDate: string;
}

/** What a cancellation does: the status the order ends in. */
export type OrderCancelPlan =
  typeof OrderStatus.EXPIRED_CANCELLED | typeof OrderStatus.CANCELLED_WITHIN_7_DAYS;

/**
 * Whether an order may be cancelled on `today` (the VM then turns on-demand at once), and the
 * status it ends in:
 * - within 7 days of ordering, at any point of its term: status 7 (a change of mind);
 * - about to expire (its last 30 days, status 2): status 3, the contract does not renew;
 * - otherwise the term binds: ORDER_CANCEL_NEEDS_SUPPORT (the user contacts support, spec section 4).
 * An order no longer in force cannot be cancelled (ORDER_STATUS_ERROR). A data-store contract is
 * cancelled on its own page by switching auto-extend off (ORDER_CANCEL_ON_DATA_STORE).
 */
export function planOrderCancel(
  order: OrderFacts,
  today: string,
): OrderCancelPlan | Exclude<RuleResult, true> {
  if (!isOrderInForce(order.status)) return 'ORDER_STATUS_ERROR';
  if (order.resType === OrderResType.CCIS) return 'ORDER_CANCEL_ON_DATA_STORE';
  if (withinCoolingOff(order.orderDate, today)) return OrderStatus.CANCELLED_WITHIN_7_DAYS;
  if (order.status === OrderStatus.ABOUT_TO_EXPIRE) return OrderStatus.EXPIRED_CANCELLED;
  return 'ORDER_CANCEL_NEEDS_SUPPORT';
}

/** The page's question: may the cancel button be pressed (the reason's code when not)? */
export function canCancelOrder(order: OrderFacts, today: string): RuleResult {
  const plan = planOrderCancel(order, today);
  return typeof plan === 'number' ? true : plan;
}

/** The end of a term of `months` that starts on `beginDate`. */
export const orderTermEnd = (beginDate: string, months: number): string => addMonths(beginDate, months);

/** One renewal of a term: its first day and its end. */
export interface OrderTerm {
  beginDate: string;
  endDate: string;
}

/**
 * The terms an auto-renewing contract starts by `today`: each begins where the last ended, while
 * the end is reached (a job that missed days catches up; none when the end is still ahead).
 */
export function renewalsDue(endDate: string, months: number, today: string): OrderTerm[] {
  const terms: OrderTerm[] = [];
  let end = endDate;
  while (months > 0 && end <= today) {
    const next = addMonths(end, months);
    terms.push({ beginDate: end, endDate: next });
    end = next;
  }
  return terms;
}
