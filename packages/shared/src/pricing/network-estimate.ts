import { HOURS_PER_MONTH } from '../constants.js';
import { LbProtocol } from '../enums/balancer.js';
import { ChargeMode, RouteLevel } from '../enums/vpc.js';
import { type Estimate, type PriceCodes, estimateOf, wholeOrZero } from './estimate.js';

/**
 * Monthly estimates of the network's resources, charged as the hourly meter charges them
 * (apps/api/src/modules/usage/metering.ts): what the VPC, firewall, load-balancer and cloud-exchange
 * forms show before and after a change.
 */

export interface VpcCharging {
  bandwidthLimit: number;
  routeLevel: number;
  chargeMode: number;
}

/** The fixed-bandwidth code of a route level, per Mbps-month. */
export const vpcFixedPriceCode = (routeLevel: number) =>
  routeLevel === RouteLevel.PLATINUM ? 'vpc.fixed.platinum' : 'vpc.fixed.professional';

/**
 * A VPC's month: on fixed bandwidth its Mbps at the route level's price; charged by the 95th
 * percentile, nothing fixed and the month's percentile Mbps at `vpc.p95`; charged by total
 * quantity, nothing fixed and each GB its VMs send at `vpc.transfer`.
 */
export function vpcMonthlyEstimate(prices: PriceCodes, vpc: VpcCharging): Estimate {
  if (vpc.chargeMode === ChargeMode.NINETY_FIVE) return estimateOf(prices, [], ['vpc.p95']);
  if (vpc.chargeMode === ChargeMode.TOTAL_QUANTITY) return estimateOf(prices, [], ['vpc.transfer']);
  return estimateOf(prices, [[vpcFixedPriceCode(vpc.routeLevel), wholeOrZero(vpc.bandwidthLimit)]]);
}

/** A firewall's month: one `firewall.instance` (a month's price); its rules cost nothing. */
export const firewallMonthlyEstimate = (prices: PriceCodes): Estimate =>
  estimateOf(prices, [['firewall.instance', 1]]);

/** A load balancer's month: its hours at `lb.instance`, and at `lb.https` too when it offloads HTTPS. */
export const balancerMonthlyEstimate = (prices: PriceCodes, balancer: { lbProtocol: string }): Estimate =>
  estimateOf(prices, [
    ['lb.instance', HOURS_PER_MONTH],
    ['lb.https', balancer.lbProtocol === LbProtocol.HTTPS ? HOURS_PER_MONTH : 0],
  ]);

/** A cloud-exchange connection's month: its port at `ccx.port` (a month's price), once it is done. */
export const exchangeMonthlyEstimate = (prices: PriceCodes): Estimate =>
  estimateOf(prices, [['ccx.port', 1]]);
