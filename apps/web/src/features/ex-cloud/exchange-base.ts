import { exchangeContract } from '@portal/shared';
import { identityOf } from '../../lib/resource-kit/identity';

/** Who the cloud-exchange resource is; the declaration (exchange-resource.tsx) adds how it shows and acts. */
export const exchangeBase = identityOf(exchangeContract, {
  name: 'exchange',
  namespace: 'exCloud',
  id: (x) => x.uuid,
  title: (x) => x.pairKey,
});
