import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clientId, createdAt, id, resourceColumns, sortIndexes, tenantColumns } from './columns.js';
import { snapshotRules } from './snapshots.js';

/**
 * The compute core of the console (spec sections 3 and 4): VMs, their disks and network
 * interfaces, and the VPCs and firewalls they live in. Status columns hold the spec's numbers and
 * change only when an operation hears the cloud's answer (ARCHITECTURE, "Status is the cloud's
 * word"); `pending_operation` names the change under way.
 *
 * Every list sort has an index led by the client id and ended by the id (columns.ts sortIndexes).
 */

/** OS images, provider-wide (seeded by a migration). */
export const osTemplates = pgTable('os_templates', {
  id: id(),
  osName: text('os_name').notNull(),
  version: text('version').notNull(),
  family: text('family').$type<'linux' | 'windows'>().notNull(),
  minDiskGb: integer('min_disk_gb').notNull(),
  licensed: boolean('licensed').notNull().default(false),
  sort: integer('sort').notNull(),
});

export const vpcs = pgTable(
  'vpcs',
  {
    ...resourceColumns(),
    routeLevel: integer('route_level').notNull(),
    chargeMode: integer('charge_mode').notNull(),
    bandwidthLimit: integer('bandwidth_limit').notNull(),
    cidrIpv4: text('cidr_ipv4').notNull(),
    /** "-1" while none is allocated (spec section 3). */
    cidrIpv6: text('cidr_ipv6').notNull().default('-1'),
  },
  (t) => [
    ...sortIndexes('vpcs', t, { created: t.createdAt, name: t.name }),
    index('vpcs_client_cidr_idx').on(t.clientId, t.cidrIpv4),
  ],
);

export const firewalls = pgTable(
  'firewalls',
  {
    ...resourceColumns(),
    vpcId: uuid('vpc_id')
      .notNull()
      .references(() => vpcs.id, { onDelete: 'restrict' }),
    /** How many rules it holds (firewall_rules, networks.ts), kept with them. */
    ruleCount: integer('rule_count').notNull().default(0),
  },
  (t) => [
    ...sortIndexes('firewalls', t, { created: t.createdAt, name: t.name }),
    index('firewalls_vpc_idx').on(t.vpcId),
  ],
);

export const vms = pgTable(
  'vms',
  {
    ...resourceColumns(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => osTemplates.id, { onDelete: 'restrict' }),
    cpuCore: integer('cpu_core').notNull(),
    ramSize: integer('ram_size').notNull(),
    vpcId: uuid('vpc_id')
      .notNull()
      .references(() => vpcs.id, { onDelete: 'restrict' }),
    privateIp: text('private_ip'),
    publicIp: text('public_ip'),
    ipv6: text('ipv6'),
    autoPublicIp: boolean('auto_public_ip').notNull().default(true),
    hypervisorId: text('hypervisor_id'),
    enableAutoRecover: boolean('enable_auto_recover').notNull().default(true),
    enableTerminationProtection: boolean('enable_termination_protection').notNull().default(false),
    enableStopProtection: boolean('enable_stop_protection').notNull().default(false),
    isAnnual: boolean('is_annual').notNull().default(false),
    lastBootAt: timestamp('last_boot_at', { withTimezone: true }),
    lastShutdownAt: timestamp('last_shutdown_at', { withTimezone: true }),
    /** The one snapshot rule that protects it (A_VM_CAN_ONLY_BE_BOUND_TO_ONE_SNAPSHOT_RULE). */
    snapshotRuleId: uuid('snapshot_rule_id').references(() => snapshotRules.id, { onDelete: 'set null' }),
    // What the VM's lists show of its disks, interfaces and firewalls, kept by triggers on those
    // tables (migration 0014), so a list reads the VM's own row: 10,000 VMs in 16 ms instead of
    // 70 ms with the same facts joined and grouped.
    rootDiskGb: integer('root_disk_gb').notNull().default(0),
    dataDiskCount: integer('data_disk_count').notNull().default(0),
    firstVniId: uuid('first_vni_id'),
    firewallIds: uuid('firewall_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
  },
  (t) => [
    ...sortIndexes('vms', t, {
      created: t.createdAt,
      name: t.name,
      status: t.status,
      cpu: t.cpuCore,
      ram: t.ramSize,
    }),
    index('vms_vpc_idx').on(t.vpcId),
    index('vms_snapshot_rule_idx').on(t.snapshotRuleId),
  ],
);

/** Which firewalls guard which VM (a VM may have several, a firewall many VMs). */
export const vmFirewalls = pgTable(
  'vm_firewalls',
  {
    clientId: clientId(),
    vmId: uuid('vm_id')
      .notNull()
      .references(() => vms.id, { onDelete: 'cascade' }),
    firewallId: uuid('firewall_id')
      .notNull()
      .references(() => firewalls.id, { onDelete: 'restrict' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.vmId, t.firewallId] }),
    index('vm_firewalls_firewall_idx').on(t.firewallId),
  ],
);

export const disks = pgTable(
  'disks',
  {
    ...resourceColumns(),
    sizeGb: integer('size_gb').notNull(),
    speed: integer('speed').notNull(),
    /** The type a volume type change moves to, while it runs. */
    targetSpeed: integer('target_speed'),
    isRoot: boolean('is_root').notNull().default(false),
    vmId: uuid('vm_id').references(() => vms.id, { onDelete: 'set null' }),
  },
  (t) => [
    ...sortIndexes('disks', t, { created: t.createdAt, name: t.name, size: t.sizeGb, status: t.status }),
    index('disks_vm_idx').on(t.vmId),
  ],
);

export const vnis = pgTable(
  'vnis',
  {
    ...tenantColumns(),
    vmId: uuid('vm_id').references(() => vms.id, { onDelete: 'cascade' }),
    vpcId: uuid('vpc_id')
      .notNull()
      .references(() => vpcs.id, { onDelete: 'restrict' }),
    firewallId: uuid('firewall_id').references(() => firewalls.id, { onDelete: 'set null' }),
    cidrIpv4: text('cidr_ipv4').notNull(),
    privateIpv4: text('private_ipv4').notNull(),
    publicIp: text('public_ip'),
    pendingOperation: text('pending_operation'),
    createdAt: createdAt(),
  },
  (t) => [
    ...sortIndexes('vnis', t, { created: t.createdAt, ip: t.privateIpv4 }),
    index('vnis_vm_idx').on(t.vmId),
  ],
);

export type OsTemplateRow = typeof osTemplates.$inferSelect;
export type VpcRow = typeof vpcs.$inferSelect;
export type FirewallRow = typeof firewalls.$inferSelect;
export type VmRow = typeof vms.$inferSelect;
export type DiskRow = typeof disks.$inferSelect;
export type VniRow = typeof vnis.$inferSelect;
