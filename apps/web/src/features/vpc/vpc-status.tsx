import type { TFunction } from 'i18next';
import { type Vpc, VPC_TRANSITIONAL_STATUSES, VpcStatus } from '@portal/shared';
import { StatusChip } from '../../components/resource-kit/status-chip';

/** The cloud is working on it (a create that failed is processing but idle: nothing to wait for). */
export const isVpcBusy = (v: Pick<Vpc, 'status' | 'pendingOperation'>) =>
  v.pendingOperation !== null ||
  (VPC_TRANSITIONAL_STATUSES.has(v.status) && v.status !== VpcStatus.PROCESSING);

/** The status, or what the cloud is doing (routes, update) while the spec says "processing". */
export function vpcStatusText(v: Vpc, t: TFunction): string {
  if (v.pendingOperation === 'routes' || v.pendingOperation === 'update') {
    return t(`vpc:values.pending.${v.pendingOperation}`);
  }
  if (v.status === VpcStatus.PROCESSING && v.pendingOperation === null) return t('vpc:values.createFailed');
  return t(`enums:vpcStatus.${v.status}`);
}

export function VpcStatusChip({ vpc, t }: { vpc: Vpc; t: TFunction }) {
  const busy = isVpcBusy(vpc);
  const failed = vpc.status === VpcStatus.PROCESSING && vpc.pendingOperation === null;
  return (
    <StatusChip
      label={vpcStatusText(vpc, t)}
      tone={busy ? 'info' : failed ? 'error' : vpc.status === VpcStatus.AVAILABLE ? 'success' : 'default'}
      busy={busy}
      data-testid={`vpc-status-${vpc.netUuid}`}
    />
  );
}

/** The IPv6 range, or "pending" while the cloud has given none ("-1"). */
export const ipv6Text = (v: Vpc, t: TFunction) =>
  v.cidrIpv6 === '-1' ? t('vpc:values.ipv6Pending') : v.cidrIpv6;
