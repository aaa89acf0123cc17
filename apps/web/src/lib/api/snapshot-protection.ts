import type { SnapshotRule } from '@portal/shared';
import { api } from './api-client';

/**
 * Protects VMs with the tenant's default rule in one call (POST /snapshot-rules/protect): the
 * server makes the rule on the first call (daily, keeping 7) and adds to it after. For the VMs'
 * Protect dialog and the dashboard's card alike.
 */
export const protectWithDefaultRule = (vms: { uuid: string }[]) =>
  api.post<SnapshotRule>('/snapshot-rules/protect', { vmUuids: vms.map((vm) => vm.uuid) });
