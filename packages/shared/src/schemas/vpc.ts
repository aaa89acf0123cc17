import { z } from 'zod';
import { ChargeMode, RouteLevel, VpcStatus } from '../enums/vpc.js';
import { zEnumValue } from '../validators/zod.js';
import { resourceListQuery } from './resource.js';

/** A VPC (spec section 3): the VM form picks one, the VPC pages list and change them. */
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

export const VPC_SORTS = ['netName', 'createdAt'] as const;
export const vpcListQuerySchema = resourceListQuery(VPC_SORTS);
