// What the disk feature offers the other features: the tenant's disks to choose from or price.
export { useDisks } from './disk-choices';
