import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as shared from '../index.js';
import type { FirewallProtocol } from '../validators/network.js';
import { firewallPort } from '../validators/network.js';
import { zEnumValue } from '../validators/zod.js';
import {
  AlarmOperator,
  alarmBreached,
  AlarmStatus,
  alarmOperatorLabelKey,
  Area,
  CcxType,
  ChargeMode,
  CloudExchangeStatus,
  CurrencyType,
  DirectMail,
  DiskSpeed,
  ENUM_LABEL_KEYS,
  enumLabelKeys,
  ENUMS,
  enumValues,
  FIREWALL_EDITABLE_STATUSES,
  FIREWALL_FIXED_PORT,
  firewallStatusLabelKey,
  FirewallStatus,
  FwrDirection,
  FwrIpVer,
  FwrOperate,
  FwrType,
  IdentityType,
  IndustryType,
  isEnumValue,
  isFirewallEditable,
  IsForeign,
  isVmTransitional,
  labelKey,
  OrderResType,
  OrderStatus,
  parseEnumValue,
  PublicCloudType,
  RegisterState,
  RouteLevel,
  RouteTargetType,
  SNAPSHOT_TRANSITIONAL_STATUSES,
  SnapshotPolicyCycle,
  SnapshotStatus,
  TicketStatus,
  ToastType,
  TwoFa,
  twoFaFromBoolean,
  twoFaToBoolean,
  VM_TRANSITIONAL_STATUSES,
  VmStatus,
  vmStatusLabelKey,
  VPC_TRANSITIONAL_STATUSES,
  VpcStatus,
  Weekday,
} from './index.js';

describe('the code lists of spec sections 3 and 4', () => {
  it('statuses', () => {
    expect(VmStatus).toEqual({
      STOPPED: 0,
      RUNNING: 1,
      STOPPING: 2,
      STARTING: 3,
      LAUNCHING: 4,
      EDITING: 5,
      RECOVERING: 6,
      ERROR: 7,
    });
    expect(SnapshotStatus).toEqual({ PROCESSING: 0, COMPLETED: 1, RESTORING: 2, DELETING: 6 });
    expect(FirewallStatus).toEqual({ ERROR: -1, IN_USE: 1, UPDATING: 5, DELETING: 6, EDITABLE: 7 });
    expect(VpcStatus).toEqual({ PROCESSING: 0, AVAILABLE: 1, DELETING: 6 });
    expect(CloudExchangeStatus).toEqual({ AVAILABLE: 0, ORDERING: 1, DONE: 2 });
    expect(AlarmStatus).toEqual({ NORMAL: 0, ALARMING: 1, INSUFFICIENT_DATA: 2 });
    expect(enumValues(OrderStatus)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(OrderStatus.CANCELLED_WITHIN_7_DAYS).toBe(7);
    expect(enumValues(TicketStatus)).toEqual(['NEW', 'PROCESS', 'WAITING', 'CLOSE']);
    expect(enumValues(RegisterState)).toEqual([
      'REGISTER_NOT_COMPLETED',
      'REGISTER_UNDER_REVIEW',
      'REGISTER_DENIED',
      'REGISTER_COMPLETE',
    ]);
  });

  it('types and codes', () => {
    expect(CcxType).toEqual({ AWS: 1, GCP: 2, AZURE: 3, CCX: 4 });
    expect(PublicCloudType).toEqual({ AWS: 1, GCP: 2, AZURE: 3 });
    expect(AlarmOperator).toEqual({ GT: '>', GE: '>=', LT: '<', LE: '<=' });
    expect(OrderResType).toEqual({ VM: 'vm', CCIS: 'ccis' });
    expect(enumValues(IdentityType)).toEqual(['COMPANY', 'PERSONAL']);
    expect(DirectMail).toEqual({ CHINESE: 'C', ENGLISH: 'E', NONE: 'X' });
    expect(enumValues(Area).sort()).toEqual(['TWNCENTRAL', 'TWNNORTH', 'TWNSOUTH']);
    expect(IsForeign).toEqual({ DOMESTIC: 0, FOREIGN: 1 });
    expect(enumValues(CurrencyType)).toEqual(['TWD', 'USD']);
    expect(DiskSpeed).toEqual({ SSD: 0, HDD: 1 });
    expect(SnapshotPolicyCycle).toEqual({ HALF_DAILY: 0, DAILY: 1, WEEKLY: 2 });
    expect(enumValues(Weekday)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(Weekday.MONDAY).toBe(1);
    expect(Weekday.SUNDAY).toBe(7);
    expect(FwrDirection).toEqual({ INBOUND: 1, OUTBOUND: 2 });
    expect(FwrIpVer).toEqual({ IPV4: 1, IPV6: 2 });
    expect(FwrType).toEqual({ ALL: 0, TCP: 1, UDP: 2, ICMP: 3 });
    expect(FwrOperate).toEqual({ ALLOW: 0, DENY: 1 });
    expect(RouteLevel).toEqual({ PLATINUM: 1, PROFESSIONAL: 2 });
    expect(ChargeMode).toEqual({ FIXED: 1, NINETY_FIVE: 2, TOTAL_QUANTITY: 3 });
    expect(RouteTargetType).toEqual({ MANUAL: 0, LOCAL: 1, DEFAULT: 2, VPC: 3 });
    expect(TwoFa).toEqual({ YES: 'Y', NO: 'N' });
    expect(enumValues(ToastType)).toEqual(['success', 'info', 'warning', 'error']);
  });

  it('industry_type codes', () => {
    expect(enumValues(IndustryType)).toEqual([
      10, 11, 12, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 41, 50, 51, 52, 53, 55, 56, 57, 58, 59,
      60, 61, 62,
    ]);
    expect(IndustryType.OTHERS).toBe(10);
    expect(IndustryType.FINANCE_INSURANCE).toBe(20);
    expect(IndustryType.PHARMACEUTICAL).toBe(27);
    expect(IndustryType.BIOTECHNOLOGY).toBe(28);
    expect(IndustryType.GENERAL_ICP).toBe(53);
    expect(IndustryType.MANUFACTURING).toBe(55);
    expect(IndustryType.INTERNET_CLOUD_OPERATOR).toBe(62);
  });

  it('every list has unique values and unique, upper-case names', () => {
    for (const [name, e] of Object.entries(ENUMS)) {
      const values = enumValues(e);
      expect(new Set(values).size, name).toBe(values.length);
      for (const key of Object.keys(e)) expect(key, name).toMatch(/^[A-Z][A-Z0-9_]*$/);
    }
  });

  it('is exported from the package root', () => {
    expect(shared.VmStatus).toBe(VmStatus);
    expect(shared.ENUM_LABEL_KEYS).toBe(ENUM_LABEL_KEYS);
    expect(shared.ENUMS).toBe(ENUMS);
  });
});

describe('sets and helpers', () => {
  it('VM transitional statuses', () => {
    expect([...VM_TRANSITIONAL_STATUSES].sort()).toEqual([2, 3, 4, 5, 6]);
    expect(isVmTransitional(VmStatus.STARTING)).toBe(true);
    expect(isVmTransitional(VmStatus.RUNNING)).toBe(false);
    expect(isVmTransitional(VmStatus.STOPPED)).toBe(false);
    expect(isVmTransitional(VmStatus.ERROR)).toBe(false);
  });
  it('snapshot and VPC transitional statuses', () => {
    expect([...SNAPSHOT_TRANSITIONAL_STATUSES].sort()).toEqual([0, 2, 6]);
    expect([...VPC_TRANSITIONAL_STATUSES].sort()).toEqual([0, 6]);
  });
  it('only error and editable firewalls may be edited', () => {
    expect([...FIREWALL_EDITABLE_STATUSES].sort()).toEqual([-1, 7]);
    expect(isFirewallEditable(FirewallStatus.EDITABLE)).toBe(true);
    expect(isFirewallEditable(FirewallStatus.ERROR)).toBe(true);
    expect(isFirewallEditable(FirewallStatus.UPDATING)).toBe(false);
    expect(isFirewallEditable(FirewallStatus.IN_USE)).toBe(false);
  });
  it('the fixed firewall ports agree with firewallPort', () => {
    expect(FIREWALL_FIXED_PORT).toEqual({ 0: 'Any', 3: '-1' });
    for (const t of enumValues(FwrType)) {
      const protocol: FirewallProtocol = t;
      const fixed = FIREWALL_FIXED_PORT[t];
      if (fixed !== undefined) expect(firewallPort(protocol, fixed)).toBe(true);
      else expect(firewallPort(protocol, '443')).toBe(true);
    }
  });
  it('alarm operators compare value to critical', () => {
    expect(alarmBreached(AlarmOperator.GT, 81, 80)).toBe(true);
    expect(alarmBreached(AlarmOperator.GT, 80, 80)).toBe(false);
    expect(alarmBreached(AlarmOperator.GE, 80, 80)).toBe(true);
    expect(alarmBreached(AlarmOperator.GE, 79, 80)).toBe(false);
    expect(alarmBreached(AlarmOperator.LT, 9, 10)).toBe(true);
    expect(alarmBreached(AlarmOperator.LT, 10, 10)).toBe(false);
    expect(alarmBreached(AlarmOperator.LE, 10, 10)).toBe(true);
    expect(alarmBreached(AlarmOperator.LE, 11, 10)).toBe(false);
    expect(alarmBreached('=' as AlarmOperator, 10, 10)).toBe(false);
  });
  it('twoFa converts to and from the wire boolean', () => {
    expect(twoFaFromBoolean(true)).toBe('Y');
    expect(twoFaFromBoolean(false)).toBe('N');
    expect(twoFaToBoolean('Y')).toBe(true);
    expect(twoFaToBoolean('N')).toBe(false);
  });
  it('isEnumValue is strict; parseEnumValue reads query text', () => {
    expect(isEnumValue(VmStatus, 1)).toBe(true);
    expect(isEnumValue(VmStatus, '1')).toBe(false);
    expect(isEnumValue(VmStatus, 8)).toBe(false);
    expect(parseEnumValue(VmStatus, '1')).toBe(1);
    expect(parseEnumValue(FirewallStatus, '-1')).toBe(-1);
    expect(parseEnumValue(VmStatus, 7)).toBe(7);
    expect(parseEnumValue(VmStatus, '01')).toBeUndefined();
    expect(parseEnumValue(VmStatus, '8')).toBeUndefined();
    expect(parseEnumValue(VmStatus, null)).toBeUndefined();
    expect(parseEnumValue(TicketStatus, 'NEW')).toBe('NEW');
    expect(parseEnumValue(TicketStatus, 'new')).toBeUndefined();
  });
  it('zEnumValue accepts list values, and coerces query text when asked', () => {
    expect(zEnumValue(VmStatus).safeParse(1).success).toBe(true);
    expect(
      zEnumValue(VmStatus)
        .safeParse('1')
        .error?.issues.map((i) => i.message),
    ).toEqual(['validation.needBeOneOf']);
    expect(zEnumValue(VmStatus, { coerce: true }).parse('1')).toBe(1);
    expect(zEnumValue(VmStatus, { coerce: true }).safeParse('9').success).toBe(false);
    const query = z.object({ status: zEnumValue(TicketStatus).optional() });
    expect(query.parse({ status: 'WAITING' })).toEqual({ status: 'WAITING' });
    expect(query.safeParse({ status: 'waiting' }).success).toBe(false);
  });
});

describe('label keys', () => {
  it('follow enums.<name>.<value>', () => {
    expect(vmStatusLabelKey(VmStatus.RUNNING)).toBe('enums.vmStatus.1');
    expect(firewallStatusLabelKey(FirewallStatus.ERROR)).toBe('enums.firewallStatus.-1');
    expect(alarmOperatorLabelKey(AlarmOperator.GE)).toBe('enums.alarmOperator.>=');
    expect(labelKey('ticketStatus', 'NEW')).toBe('enums.ticketStatus.NEW');
    expect(labelKey('industryType', 62)).toBe('enums.industryType.62');
    expect(enumLabelKeys('diskSpeed', DiskSpeed)).toEqual(['enums.diskSpeed.0', 'enums.diskSpeed.1']);
  });

  it('ENUM_LABEL_KEYS holds every value of every list, once', () => {
    const expected = Object.entries(ENUMS).flatMap(([name, e]) =>
      enumValues(e).map((v) => `enums.${name}.${v}`),
    );
    expect([...ENUM_LABEL_KEYS]).toEqual(expected);
    expect(new Set(ENUM_LABEL_KEYS).size).toBe(ENUM_LABEL_KEYS.length);
    expect(ENUM_LABEL_KEYS).toContain('enums.vmStatus.7');
    expect(ENUM_LABEL_KEYS).toContain('enums.directMail.X');
    expect(ENUM_LABEL_KEYS).toContain('enums.toastType.warning');
    expect(ENUM_LABEL_KEYS.length).toBe(Object.values(ENUMS).reduce((n, e) => n + Object.keys(e).length, 0));
  });

  it('are safe as i18next keys: three parts, no ":" in the value', () => {
    for (const key of ENUM_LABEL_KEYS) {
      expect(key.split('.'), key).toHaveLength(3);
      expect(key.includes(':'), key).toBe(false);
    }
  });

  it('every per-list helper names its list as ENUMS does', () => {
    // Each `<name>LabelKey` helper exported by the package must produce keys of ENUM_LABEL_KEYS.
    const helpers = Object.entries(shared).filter(
      ([k, v]) => k.endsWith('LabelKey') && k !== 'enumLabelKey' && typeof v === 'function',
    );
    expect(helpers.map(([k]) => k.replace(/LabelKey$/, '')).sort()).toEqual(Object.keys(ENUMS).sort());
    for (const [k, fn] of helpers) {
      const name = k.replace(/LabelKey$/, '') as keyof typeof ENUMS;
      for (const v of enumValues(ENUMS[name])) {
        expect((fn as (value: unknown) => string)(v)).toBe(`enums.${name}.${v}`);
      }
    }
  });
});
