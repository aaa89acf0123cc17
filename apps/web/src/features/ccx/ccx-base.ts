import type { CcxCluster } from '@portal/shared';
import type { ResourceIdentity } from '../../lib/resource-kit/definition';

/** Who the CCX cluster resource is; the declaration (ccx-resource.tsx) adds how it shows and acts. */
export const ccxBase: ResourceIdentity<CcxCluster> = {
  name: 'ccx',
  namespace: 'ccx',
  base: '/ccx-clusters',
  id: (c) => c.uuid,
  title: (c) => c.name,
  routes: { list: 'ccxList', create: 'createCCX' },
  authority: { view: 'network/ccx', manage: 'network/ccx/manage' },
};
