import { randomUUID } from 'node:crypto';
import { DiskSpeed, DiskStatus, VmStatus } from '@portal/shared';
import type { Db } from '../../db/database.js';
import { hostIpv6 } from '../../cloud/simulator/addresses.js';
import { disks, simServers, simVolumes, vmFirewalls, vms, vnis } from '../../db/schema/index.js';

/** One VM of a seeded fleet, as it already stands in the cloud. */
export interface FleetVm {
  name: string;
  templateId: string;
  cpuCore: number;
  ramSize: number;
  status: VmStatus;
  statusReason?: string;
  rootGb: number;
  dataDisks?: { gb: number; speed: number }[];
  publicIp: boolean;
  host: string;
  /** Index of the VM in its segment, for its address (10 + index). */
  index: number;
  createdAt: Date;
}

const HOUR = 3_600_000;

/**
 * VMs that already exist in the cloud: the portal's rows and the simulated cloud's own, written
 * together so later changes (stop, resize, delete) find the same machines on both sides, each as
 * the cloud would have launched it (an address of the VPC's IPv6 range when it has one, booted
 * when the portal says). For the demo tenant and for benchmarks, never for a customer's real fleet.
 */
export async function insertFleet(
  db: Db,
  network: {
    clientId: string;
    vpcId: string;
    firewallId: string;
    cidr: string;
    /** The VPC's IPv6 range ("-1" or absent: none). */
    cidrIpv6?: string;
    segmentBase: string;
  },
  fleet: FleetVm[],
): Promise<string[]> {
  const ids: string[] = [];
  const rows = fleet.map((f) => {
    const id = randomUUID();
    ids.push(id);
    const ip = addressAt(network.segmentBase, 10 + f.index);
    const publicIp = f.publicIp ? addressAt('203.0.113.0', 1 + (f.index % 250)) : null;
    const ipv6 = hostIpv6(network.cidrIpv6 ?? '-1', id);
    const running = f.status === VmStatus.RUNNING;
    const bootedAt = new Date(f.createdAt.getTime() + HOUR);
    return { id, f, ip, publicIp, ipv6, running, bootedAt };
  });
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await db.insert(vms).values(
      chunk.map(({ id, f, ip, publicIp, ipv6, running, bootedAt }) => ({
        id,
        clientId: network.clientId,
        name: f.name,
        status: f.status,
        statusReason: f.statusReason ?? null,
        templateId: f.templateId,
        cpuCore: f.cpuCore,
        ramSize: f.ramSize,
        vpcId: network.vpcId,
        privateIp: ip,
        publicIp,
        ipv6,
        autoPublicIp: f.publicIp,
        hypervisorId: f.host,
        lastBootAt: bootedAt,
        lastShutdownAt: running ? null : new Date(f.createdAt.getTime() + 48 * HOUR),
        createdAt: f.createdAt,
      })),
    );
    const volumes = chunk.flatMap(({ id, f }) => [
      {
        id: randomUUID(),
        vmId: id,
        name: `${f.name}-root`,
        gb: f.rootGb,
        speed: DiskSpeed.SSD,
        root: true,
        at: f.createdAt,
      },
      ...(f.dataDisks ?? []).map((d, n) => ({
        id: randomUUID(),
        vmId: id,
        name: `${f.name}-data-${n + 1}`,
        gb: d.gb,
        speed: d.speed,
        root: false,
        at: f.createdAt,
      })),
    ]);
    await db.insert(disks).values(
      volumes.map((v) => ({
        id: v.id,
        clientId: network.clientId,
        name: v.name,
        sizeGb: v.gb,
        speed: v.speed,
        status: DiskStatus.READY,
        isRoot: v.root,
        vmId: v.vmId,
        createdAt: v.at,
      })),
    );
    await db.insert(vnis).values(
      chunk.map(({ id, f, ip, publicIp }) => ({
        clientId: network.clientId,
        vmId: id,
        vpcId: network.vpcId,
        firewallId: network.firewallId,
        cidrIpv4: segmentOf(ip),
        privateIpv4: ip,
        publicIp,
        createdAt: f.createdAt,
      })),
    );
    await db
      .insert(vmFirewalls)
      .values(
        chunk.map(({ id }) => ({ clientId: network.clientId, vmId: id, firewallId: network.firewallId })),
      );
    await db.insert(simServers).values(
      chunk.map(({ id, f, ip, publicIp, ipv6, running, bootedAt }) => ({
        id,
        power: running ? ('on' as const) : ('off' as const),
        hostname: f.name,
        cpu: f.cpuCore,
        ramGb: f.ramSize,
        host: f.host,
        privateIp: ip,
        publicIp,
        ipv6,
        network: `${network.clientId}:${segmentOf(ip)}`,
        bootedAt,
      })),
    );
    await db
      .insert(simVolumes)
      .values(
        volumes.map((v) => ({ id: v.id, sizeGb: v.gb, speed: v.speed, serverId: v.vmId, boot: v.root })),
      );
  }
  return ids;
}

/** The address `offset` places after `base` (offsets beyond a /24 carry into the third octet). */
export function addressAt(base: string, offset: number): string {
  const [a, b, c, d] = base.split('.').map(Number) as [number, number, number, number];
  const n = ((a << 24) >>> 0) + (b << 16) + (c << 8) + d + offset;
  return [24, 16, 8, 0].map((shift) => (n >>> shift) & 255).join('.');
}

/** The /24 an address sits in: a seeded VM's interface segment. */
const segmentOf = (ip: string) => `${ip.split('.').slice(0, 3).join('.')}.0/24`;
