import { type EnumValue, labelKeyOf } from './enum.js';

/** Public cloud credential type (spec section 3). Label keys `enums.publicCloudType.<value>`. */
export const PublicCloudType = { AWS: 1, GCP: 2, AZURE: 3 } as const;
export type PublicCloudType = EnumValue<typeof PublicCloudType>;
export const publicCloudTypeLabelKey = labelKeyOf('publicCloudType', PublicCloudType);

/**
 * A public-cloud VM's power, whatever the provider calls it (AWS running/stopped, GCP
 * RUNNING/TERMINATED, Azure "VM running"/"VM deallocated"). Label keys `enums.publicCloudVmPower.<value>`.
 */
export const PublicCloudVmPower = {
  RUNNING: 'running',
  STARTING: 'starting',
  STOPPING: 'stopping',
  STOPPED: 'stopped',
  UNKNOWN: 'unknown',
} as const;
export type PublicCloudVmPower = EnumValue<typeof PublicCloudVmPower>;

/** The power of a provider's state word; a word none of the providers use is UNKNOWN. */
export function publicCloudVmPowerOf(state: string): PublicCloudVmPower {
  const word = state.trim().toLowerCase().replace(/^vm /, '');
  if (word === 'running') return PublicCloudVmPower.RUNNING;
  if (['pending', 'starting', 'provisioning', 'staging', 'creating'].includes(word))
    return PublicCloudVmPower.STARTING;
  if (['stopping', 'shutting-down', 'suspending', 'deallocating', 'terminating'].includes(word))
    return PublicCloudVmPower.STOPPING;
  if (['stopped', 'terminated', 'suspended', 'deallocated'].includes(word)) return PublicCloudVmPower.STOPPED;
  return PublicCloudVmPower.UNKNOWN;
}
