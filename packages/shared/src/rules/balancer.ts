import { LbStatus } from '../enums/balancer.js';
import type { RuleResult } from './vm.js';

/** Which actions a load balancer allows; see rules/vm.ts for the shape. */
export interface BalancerState {
  status: number;
  pendingOperation: string | null;
}

/**
 * Edit or delete: once the cloud is not programming it, that is active or in error (an edit of a
 * balancer in error programs it again; a delete clears it away).
 */
export function canChangeBalancer(lb: BalancerState): RuleResult {
  if (lb.pendingOperation !== null) return 'LB_STATUS_ERROR';
  return lb.status === LbStatus.ACTIVE || lb.status === LbStatus.ERROR ? true : 'LB_STATUS_ERROR';
}

export const canEditBalancer = canChangeBalancer;
export const canDeleteBalancer = canChangeBalancer;

/** Days before its expiry from which a balancer's certificate is shown as expiring. */
export const LB_CERTIFICATE_WARN_DAYS = 30;

/** How a certificate's expiry stands at `now`: none, fine, expiring within 30 days, or expired. */
export function certificateExpiry(
  expiresAt: string | null,
  now: Date,
): 'none' | 'valid' | 'expiring' | 'expired' {
  if (expiresAt === null) return 'none';
  const left = new Date(expiresAt).getTime() - now.getTime();
  if (left <= 0) return 'expired';
  return left < LB_CERTIFICATE_WARN_DAYS * 86_400_000 ? 'expiring' : 'valid';
}
