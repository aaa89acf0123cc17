import type { CloudExchange } from '@portal/shared';
import type { ResourceIdentity } from '../../lib/resource-kit/definition';

/** Who the cloud-exchange resource is; the declaration (exchange-resource.tsx) adds how it shows and acts. */
export const exchangeBase: ResourceIdentity<CloudExchange> = {
  name: 'exchange',
  namespace: 'exCloud',
  base: '/exchanges',
  id: (x) => x.uuid,
  title: (x) => x.pairKey,
  routes: { list: 'exCloud', create: 'createExCloud' },
  authority: { view: 'network/exCloud', manage: 'network/exCloud/manage' },
};
