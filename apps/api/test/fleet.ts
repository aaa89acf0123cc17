import type { VmStatus } from '@portal/shared';
import { createDefaultNetwork } from '../src/modules/compute/default-network.js';
import { insertFleet } from '../src/modules/compute/fleet.js';
import type { Tenant, TestApp } from './build.js';

const UBUNTU = '6a1f0c1e-0000-4000-8000-000000000001';

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
    statuses.map((status, index) => ({
      name: `vm-${index}`,
      templateId: UBUNTU,
      cpuCore: 2,
      ramSize: 4,
      status,
      rootGb: 50,
      publicIp: false,
      host: 'hv-tpe-01',
      index,
      createdAt,
    })),
  );
}
