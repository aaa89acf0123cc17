import { z } from 'zod';
import { VmStatus } from '../enums/vm.js';
import { ipv4HostOf, ipv4RangeWithin, isIPv4Range } from '../validators/network.js';
import { zEnumValue, zRequired, zRule, zUuid } from '../validators/zod.js';
import { pendingOperationSchema, resourceListQuery } from './resource.js';

/** A virtual network interface (spec section 3, "VNI"): each VM has one, in its VPC. */
export const vniSchema = z.object({
  vniUuid: z.string(),
  vmUuid: z.string().nullable(),
  vmName: z.string().nullable(),
  /**
   * The VM's status: its segment changes only while it is stopped (canAdjustVni), so the list can
   * say so before the server does. Optional until the API sends it; without it the server decides.
   */
  vmStatus: zEnumValue(VmStatus).nullable().optional(),
  fwUuid: z.string().nullable(),
  /** The firewalls guarding its VM, in their order (the spec's list field "firewall"). */
  firewalls: z.array(z.object({ fwUuid: z.string(), fwName: z.string() })),
  vpcUuid: z.string(),
  vpcName: z.string(),
  /** The VPC's range: the segment must lie inside it. */
  vpcCidrIpv4: z.string(),
  cidrIpv4: z.string(),
  privateIpv4: z.string(),
  publicIp: z.string().nullable(),
  pendingOperation: pendingOperationSchema,
  createdAt: z.string(),
});
export type Vni = z.infer<typeof vniSchema>;

/**
 * Adjusting a VNI's network segment: a range inside the VPC's, and the interface's private
 * address inside the new segment (kept when it still fits, else the form asks for one).
 */
export const vniUpdateSchema = z.object({
  cidrIpv4: zRequired(isIPv4Range),
  privateIpv4: zRule(ipv4HostOf('0.0.0.0/0')).optional(),
});
export type VniUpdate = z.infer<typeof vniUpdateSchema>;

/** The cross-field rules of a segment change, given the VPC's range: field → message key. */
export function vniUpdateRule(body: VniUpdate, vpcCidr: string): Partial<Record<keyof VniUpdate, string>> {
  const problems: Partial<Record<keyof VniUpdate, string>> = {};
  if (isIPv4Range(body.cidrIpv4) !== true) problems.cidrIpv4 = 'validation.needBeFormat.IPv4Range';
  else if (!ipv4RangeWithin(body.cidrIpv4, vpcCidr)) problems.cidrIpv4 = 'validation.cidrOutsideVpc';
  if (body.privateIpv4 !== undefined && problems.cidrIpv4 === undefined) {
    const r = ipv4HostOf(body.cidrIpv4)(body.privateIpv4);
    if (r !== true) problems.privateIpv4 = r;
  }
  return problems;
}

export type VniSort = (typeof VNI_SORTS)[number];
export const VNI_SORTS = ['privateIpv4', 'createdAt'] as const;
export const vniListQuerySchema = resourceListQuery(VNI_SORTS).extend({
  vmUuid: zUuid().optional(),
  vpcUuid: zUuid().optional(),
});
export type VniListQuery = z.infer<typeof vniListQuerySchema>;
