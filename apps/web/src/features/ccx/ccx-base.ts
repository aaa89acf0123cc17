import { ccxClusterContract } from '@portal/shared';
import { identityOf } from '../../lib/resource-kit/identity';

/** Who the CCX cluster resource is; the declaration (ccx-resource.tsx) adds how it shows and acts. */
export const ccxBase = identityOf(ccxClusterContract, {
  name: 'ccx',
  namespace: 'ccx',
  id: (c) => c.uuid,
  title: (c) => c.name,
});
