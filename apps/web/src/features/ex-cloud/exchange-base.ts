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

/** The tabs of the exCloud page, one per provider (ccxType 1-4), as they stand in the address. */
export const PROVIDER_TABS = [
  { tab: 'aws', ccxType: 1 },
  { tab: 'gcp', ccxType: 2 },
  { tab: 'azure', ccxType: 3 },
  { tab: 'ccx', ccxType: 4 },
] as const;
export type ProviderTab = (typeof PROVIDER_TABS)[number]['tab'];

export const tabOf = (ccxType: number): ProviderTab =>
  PROVIDER_TABS.find((p) => p.ccxType === ccxType)?.tab ?? 'aws';
