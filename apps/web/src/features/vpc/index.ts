// What the VPC feature offers the other features: the tenant's VPCs to choose from.
export { useVpcs } from './vpc-choices';
