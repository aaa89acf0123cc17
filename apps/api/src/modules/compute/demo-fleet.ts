import { DEFAULT_LANGUAGE, DiskSpeed, DiskStatus, VmStatus, type Language } from '@portal/shared';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { disks, resourceTags, simVolumes } from '../../db/schema/index.js';
import { createDefaultNetwork } from './default-network.js';
import { insertFleet, type FleetVm } from './fleet.js';
import { seedDemoSnapshots } from './snapshots/demo-snapshots.js';

const T = {
  ubuntu24: '6a1f0c1e-0000-4000-8000-000000000001',
  ubuntu22: '6a1f0c1e-0000-4000-8000-000000000002',
  debian: '6a1f0c1e-0000-4000-8000-000000000003',
  rocky: '6a1f0c1e-0000-4000-8000-000000000004',
  windows: '6a1f0c1e-0000-4000-8000-000000000005',
};
const DAY = 86_400_000;

/**
 * The demo customer's machines on a first start: a dozen VMs in the states a working account has
 * (running, stopped, one in error), their disks, interfaces and tags, and one free disk, so the
 * console shows a living account rather than empty tables. The default firewall speaks `language`.
 */
export async function seedDemoFleet(
  db: Db,
  clientId: string,
  language: Language = DEFAULT_LANGUAGE,
  now = new Date(),
): Promise<void> {
  const { vpc, firewall } = await createDefaultNetwork(db, clientId, undefined, language);
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const vm = (
    name: string,
    templateId: string,
    cpuCore: number,
    ramSize: number,
    status: VmStatus,
    extra: Partial<FleetVm> = {},
  ): Omit<FleetVm, 'index'> => ({
    name,
    templateId,
    cpuCore,
    ramSize,
    status,
    rootGb: 50,
    publicIp: false,
    host: 'hv-tpe-01',
    createdAt: ago(30),
    ...extra,
  });
  const fleet = [
    vm('web-01', T.ubuntu24, 2, 4, VmStatus.RUNNING, { publicIp: true, createdAt: ago(120) }),
    vm('web-02', T.ubuntu24, 2, 4, VmStatus.RUNNING, {
      publicIp: true,
      host: 'hv-tpe-02',
      createdAt: ago(119),
    }),
    vm('api-01', T.ubuntu24, 4, 8, VmStatus.RUNNING, {
      createdAt: ago(90),
      dataDisks: [{ gb: 100, speed: DiskSpeed.SSD }],
    }),
    vm('api-02', T.ubuntu24, 4, 8, VmStatus.RUNNING, { host: 'hv-tch-01', createdAt: ago(90) }),
    vm('db-primary', T.rocky, 8, 32, VmStatus.RUNNING, {
      rootGb: 100,
      createdAt: ago(200),
      dataDisks: [
        { gb: 500, speed: DiskSpeed.SSD },
        { gb: 1000, speed: DiskSpeed.HDD },
      ],
    }),
    vm('db-replica', T.rocky, 8, 32, VmStatus.RUNNING, {
      rootGb: 100,
      host: 'hv-khh-01',
      createdAt: ago(150),
      dataDisks: [{ gb: 500, speed: DiskSpeed.SSD }],
    }),
    vm('cache-01', T.debian, 2, 16, VmStatus.RUNNING, { createdAt: ago(60) }),
    vm('batch-worker', T.ubuntu22, 16, 64, VmStatus.STOPPED, { createdAt: ago(45) }),
    vm('win-reporting', T.windows, 4, 16, VmStatus.RUNNING, {
      rootGb: 80,
      publicIp: true,
      createdAt: ago(75),
    }),
    vm('staging-web', T.ubuntu24, 2, 4, VmStatus.STOPPED, { createdAt: ago(20) }),
    vm('ci-runner', T.debian, 4, 8, VmStatus.ERROR, {
      createdAt: ago(10),
      statusReason: 'CLOUD_HOST_UNRESPONSIVE',
    }),
    vm('bastion', T.debian, 2, 4, VmStatus.RUNNING, { publicIp: true, createdAt: ago(300) }),
  ].map((f, index) => ({ ...f, index }));
  const ids = await insertFleet(
    db,
    {
      clientId,
      vpcId: vpc.id,
      firewallId: firewall.id,
      cidr: vpc.cidrIpv4,
      cidrIpv6: vpc.cidrIpv6,
      segmentBase: '10.0.0.0',
    },
    fleet,
  );
  const tag = (i: number, key: string, value: string) => ({
    clientId,
    resType: 'vms',
    resId: ids[i]!,
    key,
    value,
  });
  await db
    .insert(resourceTags)
    .values([
      tag(0, 'env', 'production'),
      tag(0, 'team', 'web'),
      tag(1, 'env', 'production'),
      tag(1, 'team', 'web'),
      tag(4, 'env', 'production'),
      tag(4, 'role', 'database'),
      tag(9, 'env', 'staging'),
    ]);
  const archive = randomUUID();
  await db.insert(disks).values({
    id: archive,
    clientId,
    name: 'archive-2025',
    sizeGb: 2000,
    speed: DiskSpeed.HDD,
    status: DiskStatus.READY,
    createdAt: ago(100),
  });
  await db.insert(simVolumes).values({ id: archive, sizeGb: 2000, speed: DiskSpeed.HDD });
  await seedDemoSnapshots(db, clientId, ids, now);
}
