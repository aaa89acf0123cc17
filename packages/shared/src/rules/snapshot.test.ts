import { describe, expect, it } from 'vitest';
import { SnapshotPolicyCycle, SnapshotStatus } from '../enums/snapshot.js';
import { VmStatus } from '../enums/vm.js';
import { snapshotRuleCreateSchema } from '../schemas/snapshot-rule.js';
import {
  canBindVmToRule,
  canCreateVmFromSnapshot,
  canDeleteSnapshot,
  canRestoreSnapshot,
  canSnapshotVm,
} from './snapshot.js';
import { nextSnapshotRun, zonedInstant } from './snapshot-schedule.js';

const done = { status: SnapshotStatus.COMPLETED, pendingOperation: null, vmUuid: 'vm' };
const stopped = { status: VmStatus.STOPPED, pendingOperation: null };
const running = { status: VmStatus.RUNNING, pendingOperation: null };

describe('snapshot rules', () => {
  it('snapshots a settled VM only', () => {
    expect(canSnapshotVm(stopped)).toBe(true);
    expect(canSnapshotVm(running)).toBe(true);
    expect(canSnapshotVm({ status: VmStatus.STARTING, pendingOperation: 'start' })).toBe('VM_STATUS_ERROR');
    expect(canSnapshotVm({ status: VmStatus.ERROR, pendingOperation: null })).toBe('VM_STATUS_ERROR');
    expect(canSnapshotVm(null)).toBe('VM_NOT_FOUND');
  });

  it('restores a completed snapshot onto its stopped VM', () => {
    expect(canRestoreSnapshot(done, stopped)).toBe(true);
    expect(canRestoreSnapshot(done, running)).toBe('VM_NEED_SHUTDOWN');
    expect(canRestoreSnapshot(done, { status: VmStatus.STOPPED, pendingOperation: 'restore' })).toBe(
      'VM_NEED_SHUTDOWN',
    );
    expect(canRestoreSnapshot({ ...done, vmUuid: null }, null)).toBe('VM_NOT_FOUND');
    expect(canRestoreSnapshot({ ...done, status: SnapshotStatus.PROCESSING }, stopped)).toBe(
      'SNAPSHOT_STATUS_ERROR',
    );
    expect(canRestoreSnapshot({ ...done, pendingOperation: 'delete' }, stopped)).toBe(
      'SNAPSHOT_STATUS_ERROR',
    );
  });

  it('deletes or copies only a completed snapshot', () => {
    expect(canDeleteSnapshot(done)).toBe(true);
    expect(canDeleteSnapshot({ ...done, status: SnapshotStatus.RESTORING })).toBe('SNAPSHOT_STATUS_ERROR');
    expect(canCreateVmFromSnapshot({ ...done, status: SnapshotStatus.DELETING })).toBe(
      'SNAPSHOT_STATUS_ERROR',
    );
    expect(canCreateVmFromSnapshot(done)).toBe(true);
  });

  it('binds a VM to one rule', () => {
    expect(canBindVmToRule({ snapshotRuleUuid: null }, 'r1')).toBe(true);
    expect(canBindVmToRule({ snapshotRuleUuid: 'r1' }, 'r1')).toBe(true);
    expect(canBindVmToRule({ snapshotRuleUuid: 'r2' }, 'r1')).toBe(
      'A_VM_CAN_ONLY_BE_BOUND_TO_ONE_SNAPSHOT_RULE',
    );
  });

  it('asks a weekly rule for its day and keeps the retained quantity in range', () => {
    const base = { policyName: 'nightly', retainedQuantity: 7 };
    const weekly = snapshotRuleCreateSchema.safeParse({ ...base, policyCycle: SnapshotPolicyCycle.WEEKLY });
    expect(weekly.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['weekday', 'validation.notEmpty'],
    ]);
    const many = snapshotRuleCreateSchema.safeParse({ ...base, policyCycle: 1, retainedQuantity: 31 });
    expect(many.error?.issues[0]?.message).toBe('validation.needBeIntegerInRange');
    expect(snapshotRuleCreateSchema.safeParse({ ...base, policyCycle: 1 }).success).toBe(true);
  });
});

describe('snapshot schedule (Asia/Taipei, UTC+8)', () => {
  const tz = 'Asia/Taipei';
  const iso = (d: Date) => d.toISOString();

  it('reads a wall-clock hour in the zone', () => {
    expect(iso(zonedInstant(2026, 11, 25, 2, tz))).toBe('2026-11-24T18:00:00.000Z');
    // Across a daylight-saving change: 02:00 in New York on the day clocks went back.
    expect(iso(zonedInstant(2026, 11, 1, 2, 'America/New_York'))).toBe('2026-11-01T07:00:00.000Z');
  });

  it('runs half-daily at 02:00 and 14:00 local time', () => {
    // 2026-11-25 10:00 in Taipei.
    const at = new Date('2026-11-25T02:00:00Z');
    const first = nextSnapshotRun(at, SnapshotPolicyCycle.HALF_DAILY, null, tz);
    expect(iso(first)).toBe('2026-11-25T06:00:00.000Z');
    expect(iso(nextSnapshotRun(first, SnapshotPolicyCycle.HALF_DAILY, null, tz))).toBe(
      '2026-11-25T18:00:00.000Z',
    );
  });

  it('runs daily at 02:00 local time, the next day once the hour passed', () => {
    expect(iso(nextSnapshotRun(new Date('2026-11-25T02:00:00Z'), SnapshotPolicyCycle.DAILY, null, tz))).toBe(
      '2026-11-25T18:00:00.000Z',
    );
    // Exactly at the run time, the next is a day later.
    expect(iso(nextSnapshotRun(new Date('2026-11-25T18:00:00Z'), SnapshotPolicyCycle.DAILY, null, tz))).toBe(
      '2026-11-26T18:00:00.000Z',
    );
  });

  it('runs weekly on its weekday (1 Monday to 7 Sunday)', () => {
    // Wednesday 2026-11-25 in Taipei; the next Monday 02:00 is 2026-11-30, 2026-11-29 18:00 UTC.
    const wed = new Date('2026-11-25T02:00:00Z');
    expect(iso(nextSnapshotRun(wed, SnapshotPolicyCycle.WEEKLY, 1, tz))).toBe('2026-11-29T18:00:00.000Z');
    expect(iso(nextSnapshotRun(wed, SnapshotPolicyCycle.WEEKLY, 4, tz))).toBe('2026-11-25T18:00:00.000Z');
    // Wednesday's own run has passed (10:00): a week later.
    expect(iso(nextSnapshotRun(wed, SnapshotPolicyCycle.WEEKLY, 3, tz))).toBe('2026-12-01T18:00:00.000Z');
    expect(iso(nextSnapshotRun(wed, SnapshotPolicyCycle.WEEKLY, 7, tz))).toBe('2026-11-28T18:00:00.000Z');
  });
});
