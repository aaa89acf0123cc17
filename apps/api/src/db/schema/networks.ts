import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, operationColumns, resourceColumns, sortIndexes, tenantColumns } from './columns.js';
import { firewalls, vms, vpcs } from './compute.js';

/**
 * The private-network resources (spec section 3, route groups vpc, firewall, balancer, exCloud,
 * ccx): a VPC's route table, a firewall's rules, load balancers and their targets, cloud-exchange
 * connections, public-cloud credentials and managed (CCX) clusters. VPCs and firewalls themselves
 * are in compute.ts, since VMs stand in them. Status columns change only when an operation hears
 * the cloud; `pending_operation` names the change under way. Sorts have indexes
 * `(client_id, column, id)`.
 */

/** A VPC's route table: destination, target type (0 manual, 1 local, 2 default, 3 VPC), target. */
export const vpcRoutes = pgTable(
  'vpc_routes',
  {
    ...tenantColumns(),
    vpcId: uuid('vpc_id')
      .notNull()
      .references(() => vpcs.id, { onDelete: 'cascade' }),
    destination: text('destination').notNull(),
    targetType: integer('target_type').notNull(),
    /** An IPv4 address (manual), "local", "default", or the peer VPC's id (VPC). */
    target: text('target').notNull(),
    /** The route's place in the table as the user ordered it. */
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('vpc_routes_vpc_idx').on(t.vpcId, t.position)],
);

/** A firewall's rules (fwr*): direction, IP version, protocol, port, destination, allow/deny, remark. */
export const firewallRules = pgTable(
  'firewall_rules',
  {
    ...tenantColumns(),
    firewallId: uuid('firewall_id')
      .notNull()
      .references(() => firewalls.id, { onDelete: 'cascade' }),
    direction: integer('direction').notNull(),
    ipVersion: integer('ip_version').notNull(),
    protocol: integer('protocol').notNull(),
    /** "Any" (ALL), "-1" (ICMP) or a single port 1-65535 (TCP, UDP). */
    port: text('port').notNull(),
    cidr: text('cidr').notNull(),
    operate: integer('operate').notNull(),
    remark: text('remark').notNull().default(''),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('firewall_rules_firewall_idx').on(t.firewallId, t.position)],
);

export const loadBalancers = pgTable(
  'load_balancers',
  {
    ...resourceColumns(),
    vpcId: uuid('vpc_id')
      .notNull()
      .references(() => vpcs.id, { onDelete: 'restrict' }),
    type: integer('type').notNull(),
    protocol: text('protocol').notNull(),
    port: integer('port').notNull(),
    url: text('url').notNull().default(''),
    healthCheck: boolean('health_check').notNull().default(true),
    xForwardedFor: boolean('x_forwarded_for').notNull().default(false),
    /** The address the cloud gave it, once it is up. */
    address: text('address'),
    /** HTTPS only: the certificate chain as uploaded (PEM), what it says, and its key sealed. */
    certificatePem: text('certificate_pem'),
    certificateSubject: text('certificate_subject'),
    certificateExpiresAt: timestamp('certificate_expires_at', { withTimezone: true }),
    keySealed: text('key_sealed'),
  },
  (t) => [
    ...sortIndexes('load_balancers', t, { created: t.createdAt, name: t.name }),
    index('load_balancers_vpc_idx').on(t.vpcId),
  ],
);

/** The VMs a load balancer sends to (VMs of its VPC). */
export const loadBalancerTargets = pgTable(
  'load_balancer_targets',
  {
    loadBalancerId: uuid('load_balancer_id')
      .notNull()
      .references(() => loadBalancers.id, { onDelete: 'cascade' }),
    vmId: uuid('vm_id')
      .notNull()
      .references(() => vms.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.loadBalancerId, t.vmId] }),
    index('load_balancer_targets_vm_idx').on(t.vmId),
  ],
);

/** A connection from a VPC to AWS, GCP, Azure or CCX (ccxType 1-4); status 0 available, 1 ordering, 2 done. */
export const cloudExchanges = pgTable(
  'cloud_exchanges',
  {
    ...tenantColumns(),
    vpcId: uuid('vpc_id')
      .notNull()
      .references(() => vpcs.id, { onDelete: 'restrict' }),
    provider: integer('provider').notNull(),
    pairKey: text('pair_key').notNull(),
    ...operationColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    index('cloud_exchanges_client_provider_created_idx').on(t.clientId, t.provider, t.createdAt, t.id),
    index('cloud_exchanges_vpc_idx').on(t.vpcId),
  ],
);

/**
 * A customer's key to a public cloud (type 1 AWS, 2 GCP, 3 Azure), one per type. `key_id` is the
 * part a console may show (AWS access key id, GCP service account, Azure application id); the
 * secret part is sealed (platform/secret-box.ts) and never sent back.
 */
export const publicCloudCredentials = pgTable(
  'public_cloud_credentials',
  {
    ...tenantColumns(),
    type: integer('type').notNull(),
    keyId: text('key_id').notNull(),
    secretSealed: text('secret_sealed').notNull(),
    directoryId: text('directory_id'),
    subscriptionId: text('subscription_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('public_cloud_credentials_client_type_idx').on(t.clientId, t.type)],
);

/** A managed database or container cluster (CCX) in a VPC. */
export const ccxClusters = pgTable(
  'ccx_clusters',
  {
    ...resourceColumns(),
    vpcId: uuid('vpc_id')
      .notNull()
      .references(() => vpcs.id, { onDelete: 'restrict' }),
    engine: text('engine').notNull(),
    version: text('version').notNull(),
    nodeCount: integer('node_count').notNull(),
    nodeSize: text('node_size').notNull(),
    /** The node count a scale moves to, while it runs. */
    targetNodeCount: integer('target_node_count'),
    endpoint: text('endpoint'),
  },
  (t) => [
    ...sortIndexes('ccx_clusters', t, { created: t.createdAt, name: t.name }),
    index('ccx_clusters_vpc_idx').on(t.vpcId),
  ],
);

export type VpcRouteRow = typeof vpcRoutes.$inferSelect;
export type FirewallRuleRow = typeof firewallRules.$inferSelect;
export type LoadBalancerRow = typeof loadBalancers.$inferSelect;
export type CloudExchangeRow = typeof cloudExchanges.$inferSelect;
export type PublicCloudCredentialRow = typeof publicCloudCredentials.$inferSelect;
export type CcxClusterRow = typeof ccxClusters.$inferSelect;
