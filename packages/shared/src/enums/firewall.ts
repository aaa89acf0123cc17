import { type EnumValue, labelKeyOf } from './enum.js';

/**
 * Firewall status (spec section 4): -1 error, 1 in use by a VM being created, 5 updating,
 * 6 deleting, 7 editable. Label keys `enums.firewallStatus.<value>`.
 */
export const FirewallStatus = { ERROR: -1, IN_USE: 1, UPDATING: 5, DELETING: 6, EDITABLE: 7 } as const;
export type FirewallStatus = EnumValue<typeof FirewallStatus>;
export const firewallStatusLabelKey = labelKeyOf('firewallStatus', FirewallStatus);

/** Only a firewall in error or editable may be edited. */
export const FIREWALL_EDITABLE_STATUSES: ReadonlySet<FirewallStatus> = new Set<FirewallStatus>([
  FirewallStatus.ERROR,
  FirewallStatus.EDITABLE,
]);
export const isFirewallEditable = (status: FirewallStatus): boolean => FIREWALL_EDITABLE_STATUSES.has(status);

/** Rule direction, fwrDirection. Label keys `enums.fwrDirection.<value>`. */
export const FwrDirection = { INBOUND: 1, OUTBOUND: 2 } as const;
export type FwrDirection = EnumValue<typeof FwrDirection>;
export const fwrDirectionLabelKey = labelKeyOf('fwrDirection', FwrDirection);

/** Rule IP version, fwrIpVer. Label keys `enums.fwrIpVer.<value>`. */
export const FwrIpVer = { IPV4: 1, IPV6: 2 } as const;
export type FwrIpVer = EnumValue<typeof FwrIpVer>;
export const fwrIpVerLabelKey = labelKeyOf('fwrIpVer', FwrIpVer);

/** Rule protocol, fwrType (the validators' FirewallProtocol). Label keys `enums.fwrType.<value>`. */
export const FwrType = { ALL: 0, TCP: 1, UDP: 2, ICMP: 3 } as const;
export type FwrType = EnumValue<typeof FwrType>;
export const fwrTypeLabelKey = labelKeyOf('fwrType', FwrType);

/** The only port a protocol without port numbers takes (see `firewallPort`). */
export const FIREWALL_FIXED_PORT: Readonly<Partial<Record<FwrType, string>>> = {
  [FwrType.ALL]: 'Any',
  [FwrType.ICMP]: '-1',
};

/** Rule action, fwrOperate. Label keys `enums.fwrOperate.<value>`. */
export const FwrOperate = { ALLOW: 0, DENY: 1 } as const;
export type FwrOperate = EnumValue<typeof FwrOperate>;
export const fwrOperateLabelKey = labelKeyOf('fwrOperate', FwrOperate);
