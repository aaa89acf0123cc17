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
import { registerBucketKeyRoutes } from './keys/bucket-key-routes.js';
import { bucketKeyService, restoreBucketKeys } from './keys/bucket-keys.js';
import { createLifecycleExpiry, scheduleLifecycleExpiry } from './lifecycle/lifecycle-expiry.js';
import { lifecycleRules } from './lifecycle/lifecycle-rules.js';
import { registerLifecycleRoutes } from './lifecycle/lifecycle-routes.js';
import { createUsageSampler, scheduleBucketUsage } from './usage/bucket-usage.js';
import { registerUsageRoutes } from './usage/usage-routes.js';
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
  const { db, backend, clock, jobs, operations, secrets } = deps;
  const measures = await attachMeasureQueue({ db, jobs, clock, backend });
  registerResource(app, bucketResource({ backend, measures }) as never, deps, deps.registry);
  registerLifecycleRoutes(app, lifecycleRules({ backend, clock }), operations);
  registerBucketKeyRoutes(app, bucketKeyService({ backend, secrets, clock }), operations);
  registerUsageRoutes(app, clock, operations);
  // The embedded server has no lifecycle of its own: the portal expires objects by the rules.
  if (backend.lifecycle === 'portal') {
    await scheduleLifecycleExpiry(
      jobs,
      createLifecycleExpiry({ db, clock, backend, measures, log: app.log }),
    );
  }
  await scheduleBucketUsage(jobs, createUsageSampler({ db, clock, backend, log: app.log }));
  await app.register(objectRoutes, { backend, measures, clock, operations });

  // The embedded server keeps no policies: it hears again which buckets are public.
  if (backend.forgetful) {
    const publicOnes = await db
      .select({ s3Name: buckets.s3Name })
      .from(buckets)
      .where(eq(buckets.isPublic, true));
    for (const bucket of publicOnes) await backend.setPublic(bucket.s3Name, true);
    // ... and every customer's key.
    await restoreBucketKeys(db, backend, secrets, app.log);
  }
};
