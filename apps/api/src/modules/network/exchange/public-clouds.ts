import { createHash } from 'node:crypto';
import { PublicCloudType, type GcpServiceAccountKey, type PublicCloudVm } from '@portal/shared';

/** A credential as the provider is asked with it: the secret opened, for this call only. */
export type OpenedCredential =
  | { type: typeof PublicCloudType.AWS; accessKeyId: string; secretAccessKey: string }
  | { type: typeof PublicCloudType.GCP; key: GcpServiceAccountKey }
  | {
      type: typeof PublicCloudType.AZURE;
      applicationId: string;
      applicationPassword: string;
      directoryId: string;
      subscriptionId: string;
    };

/**
 * The public clouds' VM lists (spec section 2: "VM lists for three providers"): AWS EC2
 * DescribeInstances, GCP Compute instances.aggregatedList, Azure Virtual Machines list, each
 * normalised to `PublicCloudVm`. A real implementation calls the provider with the credential;
 * the default one (below) answers as each would, without leaving the machine.
 */
export interface PublicClouds {
  listVms(credential: OpenedCredential): Promise<ProviderVm[]>;
}

/** A VM as the provider lists it; the portal adds the power state its word means. */
export type ProviderVm = Omit<PublicCloudVm, 'power'>;

/** Bytes drawn from the credential's public part: the same credential always sees the same VMs. */
function drawFrom(seed: string) {
  let block = createHash('sha256').update(seed).digest();
  let at = 0;
  let round = 0;
  const byte = () => {
    if (at === block.length) {
      block = createHash('sha256').update(`${seed}:${++round}`).digest();
      at = 0;
    }
    return block[at++]!;
  };
  return {
    int: (n: number) => ((byte() << 8) | byte()) % n,
    pick: <T>(items: readonly T[]) => items[((byte() << 8) | byte()) % items.length]!,
    hex: (n: number) => Array.from({ length: n }, () => (byte() % 16).toString(16)).join(''),
    digits: (n: number) =>
      Array.from({ length: n }, (_, i) => (i === 0 ? 1 + (byte() % 9) : byte() % 10)).join(''),
  };
}

const ROLES = ['web', 'api', 'worker', 'db', 'cache', 'bastion', 'etl', 'vpn-gw'];

function awsVms(c: Extract<OpenedCredential, { type: 1 }>): ProviderVm[] {
  const d = drawFrom(`aws:${c.accessKeyId}`);
  const region = d.pick(['ap-northeast-1', 'ap-southeast-1', 'us-east-1', 'us-west-2', 'ap-east-2']);
  return Array.from({ length: 2 + d.int(4) }, (_, i) => ({
    id: `i-0${d.hex(16)}`,
    name: `${d.pick(ROLES)}-${String(i + 1).padStart(2, '0')}`,
    region: `${region}${d.pick(['a', 'c', 'd'])}`,
    state: d.int(5) === 0 ? 'stopped' : 'running',
    type: d.pick(['t3.medium', 't3.large', 'm6i.large', 'm7g.xlarge', 'c6i.2xlarge', 'r6i.large']),
    privateIp: `172.31.${d.int(64)}.${4 + d.int(250)}`,
  }));
}

function gcpVms(c: Extract<OpenedCredential, { type: 2 }>): ProviderVm[] {
  const d = drawFrom(`gcp:${c.key.client_email}`);
  const region = d.pick(['asia-east1', 'asia-northeast1', 'us-central1', 'europe-west4']);
  const subnet: Record<string, string> = {
    'asia-east1': '10.140',
    'asia-northeast1': '10.146',
    'us-central1': '10.128',
    'europe-west4': '10.164',
  };
  return Array.from({ length: 2 + d.int(4) }, (_, i) => ({
    id: d.digits(19),
    name: `${c.key.project_id.slice(0, 20)}-${d.pick(ROLES)}-${i + 1}`,
    region: `${region}-${d.pick(['a', 'b', 'c'])}`,
    state: d.int(5) === 0 ? 'TERMINATED' : 'RUNNING',
    type: d.pick(['e2-medium', 'e2-standard-2', 'n2-standard-4', 'c3-standard-4', 't2d-standard-2']),
    privateIp: `${subnet[region]}.0.${2 + d.int(250)}`,
  }));
}

function azureVms(c: Extract<OpenedCredential, { type: 3 }>): ProviderVm[] {
  const d = drawFrom(`azure:${c.applicationId}:${c.subscriptionId}`);
  const location = d.pick(['eastasia', 'southeastasia', 'japaneast', 'westeurope']);
  const group = `rg-${d.pick(['prod', 'shared', 'app'])}-${location}`;
  return Array.from({ length: 2 + d.int(4) }, (_, i) => {
    const name = `vm-${d.pick(ROLES)}-${String(i + 1).padStart(2, '0')}`;
    return {
      id: `/subscriptions/${c.subscriptionId}/resourceGroups/${group}/providers/Microsoft.Compute/virtualMachines/${name}`,
      name,
      region: location,
      state: d.int(5) === 0 ? 'VM deallocated' : 'VM running',
      type: d.pick([
        'Standard_B2s',
        'Standard_D2s_v5',
        'Standard_D4s_v5',
        'Standard_E4s_v5',
        'Standard_F4s_v2',
      ]),
      privateIp: `10.${d.int(4)}.0.${4 + d.int(250)}`,
    };
  });
}

/**
 * The default provider interface: it answers as each provider's list would (AWS instance ids
 * `i-0…` and availability zones, GCP numeric ids and zones with the project in the name, Azure
 * resource ids under the subscription), the same VMs every time for the same credential.
 */
export function createSimulatedPublicClouds(): PublicClouds {
  return {
    async listVms(credential) {
      switch (credential.type) {
        case PublicCloudType.AWS:
          return awsVms(credential);
        case PublicCloudType.GCP:
          return gcpVms(credential);
        case PublicCloudType.AZURE:
          return azureVms(credential);
      }
    },
  };
}
