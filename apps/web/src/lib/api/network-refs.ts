import { useQuery } from '@tanstack/react-query';
import type { Disk, Firewall, FirewallRule, PriceItem, Vm, Vpc } from '@portal/shared';
import { priceCodes } from '@portal/shared';
import { usePermissions } from '../permissions/use-permissions';
import { api } from './api-client';
import { resourceKeys } from './query-keys';
import type { Paged } from './resource';

/**
 * The VMs, disks, VPCs, firewalls and price list that several console pages pick from or price with
 * (the VM form, list filters, the disk, snapshot, snapshot-rule and alarm forms). A user without
 * the authority to list them gets an empty list rather than a 403 toast on a page that only
 * offers them as a choice.
 */
const ALL = { page: 0, limit: 0 };
const PICKER_STALE_MS = 30_000;

/** Every VM of the tenant, to choose from (the VM's own authority decides whether they can be listed). */
export function useVmChoices() {
  const { can } = usePermissions();
  return useQuery({
    queryKey: resourceKeys('/vms').listQuery(ALL),
    queryFn: () =>
      api.get<Paged<Vm>>('/vms', { query: { ...ALL, t: Date.now() }, track: false }).then((p) => p.records),
    enabled: can('compute/vm'),
  });
}

/**
 * The tenant's disks that match `filter`, every one: a VM's (a snapshot's price), the free ones
 * (to attach one). Asked only when `enabled` and the user may list disks.
 */
export function useDisks(filter: { vmUuid?: string; attached?: 'yes' | 'no' }, enabled = true) {
  const { can } = usePermissions();
  const query = { ...ALL, ...filter };
  return useQuery({
    queryKey: resourceKeys('/disks').listQuery(query),
    queryFn: () =>
      api
        .get<Paged<Disk>>('/disks', { query: { ...query, t: Date.now() }, track: false })
        .then((p) => p.records),
    enabled: enabled && can('compute/disk'),
  });
}

export function useVpcs() {
  const { can } = usePermissions();
  return useQuery({
    queryKey: resourceKeys('/vpcs').listQuery(ALL),
    queryFn: () =>
      api.get<Paged<Vpc>>('/vpcs', { query: { ...ALL, t: Date.now() }, track: false }).then((p) => p.records),
    enabled: can('network/vpc'),
    staleTime: PICKER_STALE_MS,
  });
}

export function useFirewalls(vpcUuid: string | undefined) {
  const { can } = usePermissions();
  return useQuery({
    queryKey: resourceKeys('/firewalls').listQuery({ ...ALL, vpcUuid }),
    queryFn: () =>
      api
        .get<Paged<Firewall>>('/firewalls', { query: { ...ALL, vpcUuid, t: Date.now() }, track: false })
        .then((p) => p.records),
    enabled: Boolean(vpcUuid) && can('network/firewall'),
    staleTime: PICKER_STALE_MS,
  });
}

/** The price list as code → unit price, for the estimates of the create and resize forms. */
export function usePriceCodes() {
  return useQuery({
    queryKey: ['/prices'],
    queryFn: () => api.get<PriceItem[]>('/prices', { track: false }).then(priceCodes),
    staleTime: 5 * 60_000,
  });
}

/** A firewall's rules in order (the edit page, the VM's security tab). */
export function useFirewallRules(firewallUuid: string | undefined) {
  const { can } = usePermissions();
  return useQuery({
    queryKey: [...resourceKeys('/firewalls').all, 'rules', firewallUuid],
    queryFn: () =>
      api.get<FirewallRule[]>(`/firewalls/${encodeURIComponent(firewallUuid!)}/rules`, {
        query: { t: Date.now() },
        track: false,
      }),
    enabled: Boolean(firewallUuid) && can('network/firewall'),
  });
}
