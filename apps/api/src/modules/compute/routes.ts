import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { osTemplateSchema, type OsTemplate, cacheBusterQuerySchema } from '@portal/shared';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { osTemplates } from '../../db/schema/index.js';
import { replies } from '../../platform/responses.js';
import {
  registerResource,
  type ResourceDeps,
  type ResourceRegistry,
} from '../../platform/resources/register-resource.js';
import { defineDiskOperations, type DiskOperationDeps } from './disk-operations.js';
import { diskResource } from './disk-resource.js';
import { defineVmOperations } from './vm-operations.js';
import { vmResource } from './vm-resource.js';
import { defineSnapshotOperations } from './snapshots/snapshot-operations.js';
import { snapshotResource } from './snapshots/snapshot-resource.js';
import { snapshotRuleResource } from './snapshots/rule-resource.js';
import { createSnapshotScheduler, scheduleSnapshotRules } from './snapshots/rule-scheduler.js';
import type { Clock } from '../../platform/clock.js';
import type { Jobs } from '../../platform/jobs/index.js';
import { defineVniOperations, vniResource } from './vni-resource.js';

export interface ComputeDeps extends ResourceDeps, Omit<DiskOperationDeps, 'db'> {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  registry: ResourceRegistry;
}

/** OS images (GET /api/templates): whoever may see VMs may see what they are made from. */
const templateRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/templates',
    {
      config: { authority: 'compute/vm' },
      schema: {
        tags: ['vms'],
        summary: 'The OS images a VM can be created from',
        querystring: cacheBusterQuerySchema,
        response: replies(z.array(osTemplateSchema)),
      },
    },
    async () => {
      const rows = await db.select().from(osTemplates).orderBy(asc(osTemplates.sort));
      return {
        data: rows.map((r): OsTemplate => ({
          uuid: r.id,
          osName: r.osName,
          version: r.version,
          family: r.family,
          minDiskGb: r.minDiskGb,
          licensed: r.licensed,
        })),
      };
    },
  );
};

/**
 * The compute core: VMs, disks, VNIs, snapshots and their rules (spec sections 2-5); the VPCs and
 * firewalls they name are the network module's.
 */
export const computeRoutes: FastifyPluginAsync<ComputeDeps> = async (app, deps) => {
  defineVmOperations(deps.operations);
  defineDiskOperations(deps.operations, deps);
  defineVniOperations(deps.operations);
  defineSnapshotOperations(deps.operations);
  const resources = [
    vmResource,
    diskResource,
    vniResource,
    snapshotResource,
    snapshotRuleResource(deps.clock),
  ];
  for (const resource of resources) registerResource(app, resource as never, deps, deps.registry);
  const { db, clock, operations } = deps;
  await scheduleSnapshotRules(deps.jobs, createSnapshotScheduler({ db, clock, operations, log: app.log }));
  await app.register(templateRoutes, { db: deps.db });
};
