import type { Vpc } from '@portal/shared';
import { PICKER_STALE_MS, useChoices } from '../../lib/api/choices';

/** Every VPC of the tenant, to choose from (the VM, firewall and network forms, list filters). */
export const useVpcs = () => useChoices<Vpc>('/vpcs', 'network/vpc', { staleTime: PICKER_STALE_MS });
