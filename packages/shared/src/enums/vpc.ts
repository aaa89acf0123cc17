import { type EnumValue, labelKeyOf } from './enum.js';

/** VPC status (spec section 4). Label keys `enums.vpcStatus.<value>`. */
export const VpcStatus = { PROCESSING: 0, AVAILABLE: 1, DELETING: 6 } as const;
export type VpcStatus = EnumValue<typeof VpcStatus>;
export const vpcStatusLabelKey = labelKeyOf('vpcStatus', VpcStatus);

/** Statuses that end by themselves: a list polls while any VPC is in one. */
export const VPC_TRANSITIONAL_STATUSES: ReadonlySet<VpcStatus> = new Set<VpcStatus>([
  VpcStatus.PROCESSING,
  VpcStatus.DELETING,
]);

/** Route level, routeLevel: 1 platinum, 2 professional. Label keys `enums.routeLevel.<value>`. */
export const RouteLevel = { PLATINUM: 1, PROFESSIONAL: 2 } as const;
export type RouteLevel = EnumValue<typeof RouteLevel>;
export const routeLevelLabelKey = labelKeyOf('routeLevel', RouteLevel);

/**
 * Bandwidth charge mode, chargeMode: 1 fixed, 2 ninety-five (95th-percentile billing), 3 total
 * quantity. Label keys `enums.chargeMode.<value>`.
 */
export const ChargeMode = { FIXED: 1, NINETY_FIVE: 2, TOTAL_QUANTITY: 3 } as const;
export type ChargeMode = EnumValue<typeof ChargeMode>;
export const chargeModeLabelKey = labelKeyOf('chargeMode', ChargeMode);

/** Route table target type: 0 manual, 1 local, 2 default, 3 VPC. Label keys `enums.routeTargetType.<value>`. */
export const RouteTargetType = { MANUAL: 0, LOCAL: 1, DEFAULT: 2, VPC: 3 } as const;
export type RouteTargetType = EnumValue<typeof RouteTargetType>;
export const routeTargetTypeLabelKey = labelKeyOf('routeTargetType', RouteTargetType);
