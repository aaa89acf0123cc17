import type { VmStatus } from '@portal/shared';
import { createDefaultNetwork, fleetVm, insertFleet } from './fleets.js';
import type { Tenant, TestApp } from './build.js';

/**
 * VMs that already stand in the simulated cloud, one per status given (named vm-0, vm-1, ...,
 * 2 vCPU and 4 GB, at 10.0.0.10 onwards in the tenant's default network): for tests of features
 * that read VMs without making them (metrics, usage), faster than launching each through the API.
 */
export async function seedVms(
  t: TestApp,
  tenant: Tenant,
  statuses: VmStatus[],
  createdAt: Date,
): Promise<string[]> {
  const { vpc, firewall } = await createDefaultNetwork(t.db, tenant.client.id);
  return insertFleet(
    t.db,
    {
      clientId: tenant.client.id,
      vpcId: vpc.id,
      firewallId: firewall.id,
      cidr: vpc.cidrIpv4,
      segmentBase: '10.0.0.0',
    },
    statuses.map((status, index) =>
      fleetVm({ name: `vm-${index}`, status, host: 'hv-tpe-01', index, createdAt }),
    ),
  );
}
