import type { Vm } from '@portal/shared';
import { useChoices } from '../../lib/api/choices';

/** Every VM of the tenant, to choose from (the VM's own authority decides whether they can be listed). */
export const useVmChoices = () => useChoices<Vm>('/vms', 'compute/vm');
