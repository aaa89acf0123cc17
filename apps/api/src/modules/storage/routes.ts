import type { FastifyPluginAsync } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { buckets } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import type { Jobs } from '../../platform/jobs/index.js';
import type { SecretBox } from '../../platform/secret-box.js';
import {
  registerResource,
  type ResourceDeps,
  type ResourceRegistry,
} from '../../platform/resources/register-resource.js';
import type { BucketBackend } from '../../storage/buckets/bucket-backend.js';
import { attachMeasureQueue } from './bucket/bucket-measure-queue.js';
import { bucketResource } from './bucket/bucket-resource.js';
import { objectRoutes } from './objects/object-routes.js';

export interface StorageDeps extends ResourceDeps {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  registry: ResourceRegistry;
  /** The customers' buckets on the S3 service (storage/buckets). */
  backend: BucketBackend;
  /** Seals the customers' key secrets at rest. */
  secrets: SecretBox;
}

/**
 * Object storage (menu group "storage"): buckets with their objects, lifecycle rules, permission,
 * usage and API secret keys, on an S3 service (decision 0022).
 */
export const storageRoutes: FastifyPluginAsync<StorageDeps> = async (app, deps) => {
  const { db, backend } = deps;
  const measures = await attachMeasureQueue({ db, jobs: deps.jobs, clock: deps.clock, backend });
  registerResource(app, bucketResource({ backend, measures }) as never, deps, deps.registry);
  await app.register(objectRoutes, { backend, measures, clock: deps.clock, operations: deps.operations });

  // The embedded server keeps no policies: it hears again which buckets are public.
  if (backend.forgetful) {
    const publicOnes = await db
      .select({ s3Name: buckets.s3Name })
      .from(buckets)
      .where(eq(buckets.isPublic, true));
    for (const bucket of publicOnes) await backend.setPublic(bucket.s3Name, true);
  }
};
