import { useQuery } from '@tanstack/react-query';
import {
  type ConsoleTicket,
  type OsTemplate,
  type Vm,
  type VmAction,
  type VmUpdate,
  vmContract,
} from '@portal/shared';
import { type RequestOptions, api } from '../../lib/api/api-client';
import { resourceApi } from '../../lib/resource-kit/resource-api';

const vms = resourceApi(vmContract);

/** Start, stop, force stop or reboot: the answer is the VM in its transitional status. */
export const runVmAction = (vm: Vm, action: VmAction, options: RequestOptions) =>
  vms.act(action, vm.uuid, undefined, options);

export const updateVm = (vm: Vm, body: VmUpdate, options: RequestOptions) =>
  vms.update(vm.uuid, body, options);

/**
 * A one-use ticket to the VM's serial console (30 seconds): the WebSocket presents it, since a
 * browser cannot send the session's bearer header on one. The tab shows a refusal itself.
 */
export const requestConsoleTicket = (vmUuid: string) =>
  api.post<ConsoleTicket>(`/vms/${encodeURIComponent(vmUuid)}/console`, undefined, {
    track: false,
    handleErrors: true,
  });

/** The OS images (rarely change): the create form picks an OS name, then a version. */
export function useTemplates() {
  return useQuery({
    queryKey: ['/templates'],
    queryFn: () => api.get<OsTemplate[]>('/templates', { track: false }),
    staleTime: 5 * 60_000,
  });
}
