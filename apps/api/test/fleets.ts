/**
 * Machines and networks as they already stand in the cloud, for tests of features that read them
 * (the usage meter, ...) without going through the compute routes: the seeding code of the demo
 * tenant, reached from here so a feature's tests do not import another feature.
 */
export { createDefaultNetwork } from '../src/modules/compute/default-network.js';
export { insertFleet, type FleetVm } from '../src/modules/compute/fleet.js';
