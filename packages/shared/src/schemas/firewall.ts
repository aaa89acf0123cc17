import { z } from 'zod';
import { FIREWALL_REMARK_MAX, FIREWALL_RULES_MAX } from '../constants.js';
import { type EnumObject, type EnumValue, enumValues } from '../enums/enum.js';
import { FirewallStatus, FwrDirection, FwrIpVer, FwrOperate, FwrType } from '../enums/firewall.js';
import { firewallCidr, firewallPort } from '../validators/network.js';
import { stringLength } from '../validators/basic.js';
import { isResourceName } from '../validators/resources.js';
import { zEnumValue, zRequired, zRule, zUuid } from '../validators/zod.js';
import { pendingOperationSchema, resourceListQuery, statusReasonSchema } from './resource.js';

/** A firewall (spec section 3): the VM form picks them, the firewall pages list and change them. */
export const firewallSchema = z.object({
  firewallUuid: z.string(),
  name: z.string(),
  status: zEnumValue(FirewallStatus),
  /** Why the cloud refused the last change (with status -1), or null. */
  statusReason: statusReasonSchema,
  /** The change under way: `apply`, `delete`, `attach`, `detach`, or null. */
  pendingOperation: pendingOperationSchema,
  vpcUuid: z.string(),
  vpcName: z.string(),
  ruleCount: z.number().int(),
  vmCount: z.number().int(),
  createdAt: z.string(),
});
export type Firewall = z.infer<typeof firewallSchema>;

export const FIREWALL_SORTS = ['name', 'createdAt'] as const;
export type FirewallSort = (typeof FIREWALL_SORTS)[number];
export const firewallListQuerySchema = resourceListQuery(FIREWALL_SORTS).extend({
  vpcUuid: zUuid().optional(),
  /** The firewalls a VM is in (its security tab). */
  vmUuid: zUuid().optional(),
  status: zEnumValue(FirewallStatus, { coerce: true }).optional(),
});
export type FirewallListQuery = z.infer<typeof firewallListQuerySchema>;

/** A rule as stored (spec section 3, "Firewall rule"), in the firewall's order. */
export const firewallRuleSchema = z.object({
  fwRuleUuid: z.string(),
  fwrDirection: zEnumValue(FwrDirection),
  fwrIpVer: zEnumValue(FwrIpVer),
  fwrType: zEnumValue(FwrType),
  /** "Any" (ALL), "-1" (ICMP) or one port 1-65535 (TCP, UDP). */
  fwrPort: z.string(),
  cidrDest: z.string(),
  fwrOperate: zEnumValue(FwrOperate),
  remark: z.string(),
});
export type FirewallRule = z.infer<typeof firewallRuleSchema>;

/** A rule's remark: up to FIREWALL_REMARK_MAX characters, may be empty. */
export const isFirewallRemark = stringLength(FIREWALL_REMARK_MAX);

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** A choice of a code list that must be made: none is "cannot be empty", another value "choose one". */
function zChoice<E extends EnumObject>(e: E) {
  const values = enumValues(e) as [EnumValue<E>, ...EnumValue<E>[]];
  return z.literal(values, {
    error: (issue) => (isEmpty(issue.input) ? 'validation.notEmpty' : 'validation.needBeOneOf'),
  });
}

/** A port typed in a number field may come as a number; it is kept as text ("Any", "-1", "22"). */
const portText = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v),
  z.string({ error: 'validation.notEmpty' }).trim().max(16, { error: 'validation.firewallPort.tcpUdp' }),
);

/**
 * A rule as the form and the API take it. The port must suit the protocol (ALL "Any", TCP/UDP a
 * single port, ICMP "-1", no ranges) and the destination the IP version; an empty field is
 * "cannot be empty", each on its own field (`rules.3.fwrPort`).
 */
export const firewallRuleInputSchema = z
  .object({
    fwrDirection: zChoice(FwrDirection),
    fwrIpVer: zChoice(FwrIpVer),
    fwrType: zChoice(FwrType),
    fwrPort: portText,
    cidrDest: z.string({ error: 'validation.notEmpty' }).trim().max(64, { error: 'validation.notEmpty' }),
    fwrOperate: zChoice(FwrOperate),
    remark: zRule(isFirewallRemark, z.string().trim()).default(''),
  })
  .superRefine((rule, ctx) => {
    if (enumValues(FwrType).includes(rule.fwrType)) {
      const port = firewallPort(rule.fwrType, rule.fwrPort);
      if (port !== true) ctx.addIssue({ code: 'custom', message: port, path: ['fwrPort'] });
    }
    if (enumValues(FwrIpVer).includes(rule.fwrIpVer)) {
      const cidr = firewallCidr(rule.fwrIpVer, rule.cidrDest);
      if (cidr !== true) ctx.addIssue({ code: 'custom', message: cidr, path: ['cidrDest'] });
    }
  });
export type FirewallRuleInput = z.input<typeof firewallRuleInputSchema>;

/** The whole rule list, in order: a create or a change carries all of it. */
const rulesSchema = z
  .array(firewallRuleInputSchema)
  .max(FIREWALL_RULES_MAX, { error: 'validation.needBeIntegerInRange' });

export const firewallCreateSchema = z.object({
  name: zRequired(isResourceName),
  vpcUuid: zUuid(),
  rules: rulesSchema.default([]),
});
export type FirewallCreate = z.input<typeof firewallCreateSchema>;

/** A change: the name, or the whole new rule list (the cloud is programmed with it). */
export const firewallUpdateSchema = z.object({
  name: zRequired(isResourceName).optional(),
  rules: rulesSchema.optional(),
});
export type FirewallUpdate = z.input<typeof firewallUpdateSchema>;

/** Attach the firewall to a VM of its VPC, or detach it (`POST /api/firewalls/{uuid}/attach|detach`). */
export const firewallVmSchema = z.object({ vmUuid: zUuid() });
export type FirewallVm = z.infer<typeof firewallVmSchema>;
