import { VmStatus } from '@portal/shared';
import type { FleetVm } from '../src/modules/compute/fleet.js';

const UBUNTU = '6a1f0c1e-0000-4000-8000-000000000001';

/**
 * Machines and networks as they already stand in the cloud, for tests of features that read them
 * (the usage meter, ...) without going through the compute routes: the seeding code of the demo
 * tenant, reached from here so a feature's tests do not import another feature.
 */
export { createDefaultNetwork } from '../src/modules/compute/default-network.js';
export { insertFleet, type FleetVm } from '../src/modules/compute/fleet.js';

/**
 * A VM of a fleet as most tests want it: running Ubuntu, 2 vCPU and 4 GB, a 50 GB root disk, no
 * public address; `vm` names it, places it and sets anything else.
 */
export const fleetVm = (
  vm: Pick<FleetVm, 'name' | 'index' | 'host' | 'createdAt'> & Partial<FleetVm>,
): FleetVm => ({
  templateId: UBUNTU,
  cpuCore: 2,
  ramSize: 4,
  status: VmStatus.RUNNING,
  rootGb: 50,
  publicIp: false,
  ...vm,
});
