import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The simulated cloud's own state (apps/api/src/cloud/simulator): what a real cloud would keep on
 * its side. The portal never reads these tables; it hears the cloud only through the driver.
 */

/** One request the cloud accepted, keyed by the portal's operation id (a retry never doubles it). */
export const simTasks = pgTable('sim_tasks', {
  operationId: uuid('operation_id').primaryKey(),
  action: text('action').notNull(),
  resourceId: uuid('resource_id').notNull(),
  input: jsonb('input').$type<Record<string, unknown>>().notNull(),
  submittedAt: timestamp('submitted_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
  completesAt: timestamp('completes_at', { withTimezone: true }).notNull(),
  /** Decided at submission, so every poll of one task tells the same story. */
  fails: boolean('fails').notNull().default(false),
  error: text('error'),
  /** Set once, when the task's effect is applied to the servers and volumes below. */
  appliedAt: timestamp('applied_at', { withTimezone: true }),
  result: jsonb('result').$type<Record<string, unknown>>(),
});

export const simServers = pgTable('sim_servers', {
  id: uuid('id').primaryKey(),
  power: text('power').$type<'on' | 'off'>().notNull(),
  /** The name it was launched with, which the guest took as its hostname (its serial console shows it). */
  hostname: text('hostname'),
  cpu: integer('cpu').notNull(),
  ramGb: integer('ram_gb').notNull(),
  host: text('host').notNull(),
  privateIp: text('private_ip').notNull(),
  publicIp: text('public_ip'),
  ipv6: text('ipv6'),
  network: text('network').notNull(),
  bootedAt: timestamp('booted_at', { withTimezone: true }),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  /** A `stress` run in the guest's console keeps its CPU near full until then (metrics.ts). */
  stressUntil: timestamp('stress_until', { withTimezone: true }),
});

export const simVolumes = pgTable('sim_volumes', {
  id: uuid('id').primaryKey(),
  sizeGb: integer('size_gb').notNull(),
  speed: integer('speed').notNull(),
  serverId: uuid('server_id'),
  /** The server's boot volume (its serial console's `df` shows it as the root file system). */
  boot: boolean('boot').notNull().default(false),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

/** A snapshot the cloud keeps: copies of a server's volumes as they were. */
export const simSnapshots = pgTable('sim_snapshots', {
  id: uuid('id').primaryKey(),
  serverId: uuid('server_id').notNull(),
  volumes: jsonb('volumes').$type<{ volumeId: string; sizeGb: number }[]>().notNull(),
  takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

/** Faults a test or a person asked for: the next `remaining` tasks of `action` fail with `error`. */
export const simFaults = pgTable('sim_faults', {
  id: serial('id').primaryKey(),
  action: text('action').notNull(),
  remaining: integer('remaining').notNull(),
  error: text('error').notNull(),
});

export type SimTaskRow = typeof simTasks.$inferSelect;

/**
 * What the cloud has programmed of a customer's network: VPCs and their routes, firewalls, load
 * balancers, exchange ports and managed clusters, each as the last spec it was given.
 */
export const simNetworkObjects = pgTable('sim_network_objects', {
  id: uuid('id').primaryKey(),
  kind: text('kind').$type<'vpc' | 'firewall' | 'loadBalancer' | 'exchange' | 'cluster'>().notNull(),
  spec: jsonb('spec').$type<Record<string, unknown>>().notNull(),
  /** Servers a firewall guards. */
  serverIds: jsonb('server_ids').$type<string[]>().notNull().default([]),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});
