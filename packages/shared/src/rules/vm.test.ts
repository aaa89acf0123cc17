import { describe, expect, it } from 'vitest';
import { VmStatus } from '../enums/vm.js';
import {
  canDeleteVm,
  canEditVm,
  canForceStopVm,
  canOpenVmConsole,
  canRebootVm,
  canResizeVm,
  canStartVm,
  canStopVm,
  type VmState,
} from './vm.js';

const vm = (over: Partial<VmState> = {}): VmState => ({
  status: VmStatus.RUNNING,
  pendingOperation: null,
  enableStopProtection: false,
  enableTerminationProtection: false,
  isAnnual: false,
  ...over,
});

describe('VM action rules', () => {
  it('starts only a stopped VM', () => {
    expect(canStartVm(vm({ status: VmStatus.STOPPED }))).toBe(true);
    expect(canStartVm(vm())).toBe('VM_STATUS_ERROR');
    expect(canStartVm(vm({ status: VmStatus.STOPPED, pendingOperation: 'start' }))).toBe('VM_STATUS_ERROR');
  });

  it('opens the console of a running VM with no change under way, and of no other', () => {
    expect(canOpenVmConsole(vm())).toBe(true);
    expect(canOpenVmConsole(vm({ pendingOperation: 'stop', status: VmStatus.STOPPING }))).toBe(
      'VM_STATUS_ERROR',
    );
    expect(canOpenVmConsole(vm({ pendingOperation: 'reboot' }))).toBe('VM_STATUS_ERROR');
    expect(canOpenVmConsole(vm({ status: VmStatus.STOPPED }))).toBe('VM_STATUS_ERROR');
    expect(canOpenVmConsole(vm({ status: VmStatus.ERROR }))).toBe('VM_STATUS_ERROR');
  });

  it('stops a running VM unless stop protection is on', () => {
    expect(canStopVm(vm())).toBe(true);
    expect(canStopVm(vm({ enableStopProtection: true }))).toBe('VM_STOP_PROTECTION');
    expect(canStopVm(vm({ status: VmStatus.STOPPED }))).toBe('VM_STATUS_ERROR');
  });

  it('force-stops a stuck VM but not a stopped one', () => {
    expect(canForceStopVm(vm({ status: VmStatus.STARTING, pendingOperation: 'start' }))).toBe(true);
    expect(canForceStopVm(vm({ status: VmStatus.ERROR }))).toBe(true);
    expect(canForceStopVm(vm({ status: VmStatus.STOPPED }))).toBe('VM_STATUS_ERROR');
    expect(canForceStopVm(vm({ status: VmStatus.STOPPING, pendingOperation: 'delete' }))).toBe(
      'VM_STATUS_ERROR',
    );
    expect(canForceStopVm(vm({ enableStopProtection: true }))).toBe('VM_STOP_PROTECTION');
  });

  it('reboots only a running VM', () => {
    expect(canRebootVm(vm())).toBe(true);
    expect(canRebootVm(vm({ status: VmStatus.STOPPED }))).toBe('VM_STATUS_ERROR');
  });

  it('resizes a stopped VM that is not annual', () => {
    expect(canResizeVm(vm({ status: VmStatus.STOPPED }))).toBe(true);
    expect(canResizeVm(vm())).toBe('VM_NEED_SHUTDOWN');
    expect(canResizeVm(vm({ status: VmStatus.STOPPED, isAnnual: true }))).toBe('YEARLY_VM_CANNOT_ADJUST');
  });

  it('deletes a settled VM without termination protection or a contract', () => {
    expect(canDeleteVm(vm())).toBe(true);
    expect(canDeleteVm(vm({ status: VmStatus.ERROR }))).toBe(true);
    expect(canDeleteVm(vm({ enableTerminationProtection: true }))).toBe('VM_TERMINATION_PROTECTION');
    expect(canDeleteVm(vm({ isAnnual: true }))).toBe('YEARLY_VM_CANNOT_ADJUST');
    expect(canDeleteVm(vm({ status: VmStatus.LAUNCHING, pendingOperation: 'create' }))).toBe(
      'VM_STATUS_ERROR',
    );
  });

  it('edits names and protections unless the VM is going', () => {
    expect(canEditVm(vm({ pendingOperation: 'start' }))).toBe(true);
    expect(canEditVm(vm({ pendingOperation: 'delete' }))).toBe('VM_STATUS_ERROR');
  });
});
