import { z } from 'zod';
import { FirewallStatus } from '../enums/firewall.js';
import { ChargeMode, RouteLevel, VpcStatus } from '../enums/vpc.js';
import { zEnumValue } from '../validators/zod.js';
import { resourceListQuery } from './resource.js';

/**
 * VPCs and firewalls as the compute pages need them (the VM form picks them, lists name them).
 * Their own pages, rules and changes come with the private-networks work; the fields are the
 * spec's (section 3) already, so those pages extend these schemas rather than replace them.
 */
export const vpcSchema = z.object({
  netUuid: z.string(),
  netName: z.string(),
  status: zEnumValue(VpcStatus),
  routeLevel: zEnumValue(RouteLevel),
  chargeMode: zEnumValue(ChargeMode),
  bandwidthLimit: z.number().int(),
  cidrIpv4: z.string(),
  /** None or allocation pending is "-1" (spec section 3). */
  cidrIpv6: z.string(),
  vmNum: z.number().int(),
  createdAt: z.string(),
});
export type Vpc = z.infer<typeof vpcSchema>;

export const firewallSchema = z.object({
  firewallUuid: z.string(),
  name: z.string(),
  status: zEnumValue(FirewallStatus),
  vpcUuid: z.string(),
  vpcName: z.string(),
  ruleCount: z.number().int(),
  vmCount: z.number().int(),
  createdAt: z.string(),
});
export type Firewall = z.infer<typeof firewallSchema>;

export const VPC_SORTS = ['netName', 'createdAt'] as const;
export const vpcListQuerySchema = resourceListQuery(VPC_SORTS);
export const FIREWALL_SORTS = ['name', 'createdAt'] as const;
export const firewallListQuerySchema = resourceListQuery(FIREWALL_SORTS).extend({
  vpcUuid: z.string().max(64).optional(),
});
