import { CloudExchangeStatus, exCloudTabOf, exchangeContract, routePath } from '@portal/shared';
import { identityOf } from '../../lib/resource-kit/identity';
import { defineStatus } from '../../lib/resource-kit/status';

/** Who the cloud-exchange resource is; the declaration (exchange-resource.tsx) adds how it shows and acts. */
export const exchangeBase = identityOf(exchangeContract, {
  name: 'exchange',
  namespace: 'exCloud',
  id: (x) => x.uuid,
  title: (x) => x.pairKey,
  // An order shows on its provider's tab, ordering until done.
  createdPath: (x) => `${routePath('exCloud')}?tab=${exCloudTabOf(x.ccxType)}`,
});

/** A connection is busy while ordered or taken down; amber when the cloud gave a reason. */
export const exchangeStatus = defineStatus(exchangeBase, {
  values: CloudExchangeStatus,
  enumKey: 'cloudExchangeStatus',
  transitional: new Set([CloudExchangeStatus.ORDERING]),
  tone: (x) => (x.status === CloudExchangeStatus.DONE ? 'success' : x.statusReason ? 'warning' : undefined),
  text: (x, t, status) => (x.pendingOperation === 'delete' ? t('exCloud:values.deleting') : status),
});
