import { z } from 'zod';
import { FirewallStatus } from '../enums/firewall.js';
import { zEnumValue } from '../validators/zod.js';
import { resourceListQuery } from './resource.js';

/** A firewall (spec section 3): the VM form picks them, the firewall pages list and change them. */
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

export const FIREWALL_SORTS = ['name', 'createdAt'] as const;
export const firewallListQuerySchema = resourceListQuery(FIREWALL_SORTS).extend({
  vpcUuid: z.string().max(64).optional(),
});
