import { ChargeMode, RouteLevel, type Vpc, VpcStatus } from '@portal/shared';

/** A VPC row for the tests: the n-th, available, empty; `over` changes what a test needs. */
export const vpcRow = (n: number, over: Partial<Vpc> = {}): Vpc => ({
  netUuid: `n-${n}`,
  netName: `net-${n}`,
  status: VpcStatus.AVAILABLE,
  routeLevel: RouteLevel.PLATINUM,
  chargeMode: ChargeMode.FIXED,
  bandwidthLimit: 100,
  cidrIpv4: `10.${n}.0.0/16`,
  cidrIpv6: '-1',
  vmNum: 0,
  firewallNum: 0,
  balancerNum: 0,
  exchangeNum: 0,
  clusterNum: 0,
  pendingOperation: null,
  statusReason: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  ...over,
});
