import { bucketContract } from '@portal/shared';
import { identityOf } from '../../lib/resource-kit/identity';

/** Who the bucket resource is: known by its name within the customer (decision 0022). */
export const bucketBase = identityOf(bucketContract, {
  name: 'bucket',
  namespace: 'bucket',
  id: (b) => b.name,
  title: (b) => b.name,
});
