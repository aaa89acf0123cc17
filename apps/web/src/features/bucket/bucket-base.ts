import type { Bucket } from '@portal/shared';
import type { ResourceIdentity } from '../../lib/resource-kit/definition';

/** Who the bucket resource is: known by its name within the customer (decision 0022). */
export const bucketBase: ResourceIdentity<Bucket> = {
  name: 'bucket',
  namespace: 'bucket',
  base: '/buckets',
  id: (b) => b.name,
  title: (b) => b.name,
  routes: { list: 'bucket', detail: 'bucketDetail' },
  authority: { view: 'storage/bucket', manage: 'storage/bucket/manage' },
};
