/**
 * The code lists of spec sections 3 and 4, one domain per file. `ENUMS` names each list for its
 * label keys (`enums.<name>.<value>`, see enum.ts); `ENUM_LABEL_KEYS` is every label key.
 */
import { AlarmFiringKind, AlarmKind, AlarmMetric, AlarmOperator, AlarmStatus } from './alarm.js';
import { TwoFa } from './account.js';
import { CcxClusterStatus } from './ccx.js';
import { LbProtocol, LbStatus, LbType } from './balancer.js';
import { CcxType, CloudExchangeStatus } from './cloud-exchange.js';
import { CurrencyType } from './currency.js';
import { DiskSpeed, DiskStatus } from './disk.js';
import { type EnumLabelKey, type EnumValue, enumLabelKeys } from './enum.js';
import { FirewallStatus, FwrDirection, FwrIpVer, FwrOperate, FwrType } from './firewall.js';
import { IndustryType } from './industry.js';
import { OrderResType, OrderStatus } from './order.js';
import { PublicCloudType } from './public-cloud.js';
import { Area, DirectMail, IdentityType, IsForeign, RegisterState } from './registration.js';
import { SnapshotPolicyCycle, SnapshotStatus, Weekday } from './snapshot.js';
import { TicketAuthor, TicketCategory, TicketStatus } from './ticket.js';
import { ToastType } from './toast.js';
import { VmStatus } from './vm.js';
import { ChargeMode, RouteLevel, RouteTargetType, VpcStatus } from './vpc.js';

export * from './enum.js';
export * from './account.js';
export * from './alarm.js';
export * from './ccx.js';
export * from './balancer.js';
export * from './cloud-exchange.js';
export * from './currency.js';
export * from './disk.js';
export * from './firewall.js';
export * from './industry.js';
export * from './order.js';
export * from './public-cloud.js';
export * from './registration.js';
export * from './snapshot.js';
export * from './ticket.js';
export * from './toast.js';
export * from './vm.js';
export * from './vpc.js';

export const ENUMS = {
  vmStatus: VmStatus,
  diskSpeed: DiskSpeed,
  diskStatus: DiskStatus,
  snapshotStatus: SnapshotStatus,
  snapshotPolicyCycle: SnapshotPolicyCycle,
  weekday: Weekday,
  firewallStatus: FirewallStatus,
  fwrDirection: FwrDirection,
  fwrIpVer: FwrIpVer,
  fwrType: FwrType,
  fwrOperate: FwrOperate,
  vpcStatus: VpcStatus,
  routeLevel: RouteLevel,
  chargeMode: ChargeMode,
  routeTargetType: RouteTargetType,
  lbType: LbType,
  lbProtocol: LbProtocol,
  lbStatus: LbStatus,
  cloudExchangeStatus: CloudExchangeStatus,
  ccxType: CcxType,
  publicCloudType: PublicCloudType,
  ccxClusterStatus: CcxClusterStatus,
  alarmStatus: AlarmStatus,
  alarmOperator: AlarmOperator,
  alarmKind: AlarmKind,
  alarmMetric: AlarmMetric,
  alarmFiringKind: AlarmFiringKind,
  orderStatus: OrderStatus,
  orderResType: OrderResType,
  ticketStatus: TicketStatus,
  ticketCategory: TicketCategory,
  ticketAuthor: TicketAuthor,
  registerState: RegisterState,
  identityType: IdentityType,
  directMail: DirectMail,
  isForeign: IsForeign,
  area: Area,
  industryType: IndustryType,
  currencyType: CurrencyType,
  twoFa: TwoFa,
  toastType: ToastType,
} as const;
export type EnumName = keyof typeof ENUMS;

/** Any label key of any list. */
export type AnyEnumLabelKey = { [N in EnumName]: EnumLabelKey<N, (typeof ENUMS)[N]> }[EnumName];

/** The label key of a value of a named list: `labelKey('vmStatus', 1) === 'enums.vmStatus.1'`. */
export function labelKey<N extends EnumName>(
  name: N,
  value: EnumValue<(typeof ENUMS)[N]>,
): EnumLabelKey<N, (typeof ENUMS)[N]> {
  return `enums.${name}.${value}` as EnumLabelKey<N, (typeof ENUMS)[N]>;
}

/** Every label key, so the web can check each has a translation in every language. */
export const ENUM_LABEL_KEYS: readonly AnyEnumLabelKey[] = (Object.keys(ENUMS) as EnumName[]).flatMap(
  (name) => enumLabelKeys(name, ENUMS[name]) as AnyEnumLabelKey[],
);
