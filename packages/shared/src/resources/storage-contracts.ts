import {
  bucketCreateSchema,
  bucketListQuerySchema,
  bucketSchema,
  bucketUpdateSchema,
} from '../schemas/bucket.js';
import { destructiveBodySchema } from '../schemas/resource.js';
import { defineContract } from './contract.js';

const withPassword = { body: destructiveBodySchema, password: true } as const;

/** Object-storage buckets, named by their name (routes bucket, bucketDetail). */
export const bucketContract = defineContract({
  type: 'buckets',
  name: 'bucket',
  authority: 'storage/bucket',
  keyParam: 'name',
  entity: bucketSchema,
  listQuery: bucketListQuerySchema,
  create: { body: bucketCreateSchema },
  update: { body: bucketUpdateSchema },
  remove: withPassword,
  actions: { empty: withPassword },
  routes: { list: 'bucket', detail: 'bucketDetail' },
  dashboardKind: 'buckets',
});
