// What the VM feature offers the other features: the tenant's VMs to choose from.
export { useVmChoices } from './vm-choices';
