import { CCX_TRANSITIONAL_STATUSES, ccxClusterContract, CcxClusterStatus } from '@portal/shared';
import { identityOf } from '../../lib/resource-kit/identity';
import { defineStatus } from '../../lib/resource-kit/status';

/** Who the CCX cluster resource is; the declaration (ccx-resource.tsx) adds how it shows and acts. */
export const ccxBase = identityOf(ccxClusterContract, {
  name: 'ccx',
  namespace: 'ccx',
  id: (c) => c.uuid,
  title: (c) => c.name,
});

/** A cluster is busy while created, scaled or deleted; the cloud's reason shows under it. */
export const ccxStatus = defineStatus(ccxBase, {
  values: CcxClusterStatus,
  enumKey: 'ccxClusterStatus',
  transitional: CCX_TRANSITIONAL_STATUSES,
  failed: (c) => c.status === CcxClusterStatus.ERROR,
  tone: (c) => (c.statusReason ? 'warning' : 'success'),
  reason: {
    show: 'caption',
    color: 'warning.main',
    text: (c, reason, t) =>
      c.status === CcxClusterStatus.ERROR ? reason : t('ccx:values.lastChangeFailed', { reason }),
  },
});
