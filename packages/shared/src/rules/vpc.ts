import { VpcStatus } from '../enums/vpc.js';
import type { RuleResult } from './vm.js';

/** Which actions a VPC allows (spec sections 4 and 5); see rules/vm.ts for the shape. */
export interface VpcState {
  status: number;
  pendingOperation: string | null;
}

/** What stands in a VPC: it can be deleted only when all of these are zero. */
export interface VpcContents {
  vmNum: number;
  firewallNum: number;
  balancerNum: number;
  exchangeNum: number;
  clusterNum: number;
}

/**
 * Edit (name, bandwidth, route level, charge mode) or program its routes: an available VPC the
 * cloud is not already changing.
 */
export function canEditVpc(vpc: VpcState): RuleResult {
  return vpc.status === VpcStatus.AVAILABLE && vpc.pendingOperation === null ? true : 'VPC_STATUS_ERROR';
}

/** The route table changes under the same condition as the VPC. */
export const canEditVpcRoutes = canEditVpc;

/**
 * Delete: when the cloud is not changing it (an available VPC, or one whose creation failed), and
 * nothing stands in it: no VM (VPC_ALREADY_HAS_A_VM_ATTACHED, spec section 8), then no firewall,
 * load balancer, cloud-exchange connection or cluster (each named by a code of ours), since the
 * cloud refuses to delete a network with objects in it.
 */
export function canDeleteVpc(vpc: VpcState & VpcContents): RuleResult {
  if (vpc.pendingOperation !== null || vpc.status === VpcStatus.DELETING) return 'VPC_STATUS_ERROR';
  if (vpc.vmNum > 0) return 'VPC_ALREADY_HAS_A_VM_ATTACHED';
  if (vpc.firewallNum > 0) return 'VPC_HAS_FIREWALLS';
  if (vpc.balancerNum > 0) return 'VPC_HAS_LOAD_BALANCERS';
  if (vpc.exchangeNum > 0) return 'VPC_HAS_CLOUD_EXCHANGES';
  if (vpc.clusterNum > 0) return 'VPC_HAS_CCX_CLUSTERS';
  return true;
}

/**
 * A new VM may join a VPC the cloud has made: not one it is still creating (or failed to create),
 * nor one being deleted (as good as gone: VPC_NOT_FOUND). Routes or settings being programmed do
 * not stop it.
 */
export function canPlaceVmInVpc(vpc: VpcState): RuleResult {
  if (vpc.status === VpcStatus.DELETING) return 'VPC_NOT_FOUND';
  const made = !(
    vpc.status === VpcStatus.PROCESSING &&
    (vpc.pendingOperation === null || vpc.pendingOperation === 'create')
  );
  return made ? true : 'VPC_STATUS_ERROR';
}
