import { VmStatus } from '@portal/shared';

/** A running VM, in no snapshot rule, with only what the VM pickers and cards read. */
export const unprotectedVm = (uuid: string, name: string) => ({
  uuid,
  name,
  status: VmStatus.RUNNING,
  pendingOperation: null,
  snapshotRuleUuid: null,
});
