import type { ComponentType } from 'react';
import { ROUTES, type RouteId } from '@portal/shared';
import { type ResourceLoader, registerResources } from '../../lib/resource-kit/registry';
import { type PageLoader, type PageLoaders, withTexts } from './lazy-page';

/** Namespaces every resource page shows: the kit's, status labels, rule reasons, field messages. */
const KIT_TEXTS = ['resource', 'enums', 'apiError', 'validation'];

interface ResourceChunk {
  /** The route table's group whose routes the chunk's declaration serves. */
  group?: string;
  /** Route ids it serves besides (or instead of) a group's: groups that hold two resources. */
  routes?: RouteId[];
  load: ResourceLoader;
  texts: string[];
}

/**
 * The console resources declared with the resource kit, one lazy chunk each (one line per
 * resource). Their pages come from the declaration by route id, and detail tabs find each other's
 * lists through the registry.
 */
export const RESOURCE_CHUNKS: Record<string, ResourceChunk> = {
  // A VM made from a snapshot is the VM form's work.
  vm: {
    group: 'vm',
    routes: ['createSnapshotToNewVM'],
    load: () => import('../../features/vm/vm-module'),
    // The security tab shows the VM's firewalls' rules with the firewall pages' words.
    texts: ['vm', 'firewall'],
  },
  disk: { group: 'disk', load: () => import('../../features/disk/disk-module'), texts: ['disk'] },
  vni: { group: 'vni', load: () => import('../../features/vni/vni-module'), texts: ['vni'] },
  snapshot: {
    routes: ['snapshot', 'createSnapshot'],
    load: () => import('../../features/snapshot/snapshot-module'),
    texts: ['snapshot'],
  },
  snapshotRule: {
    routes: ['snapshotRule', 'createSnapshotRule', 'editSnapshotRule'],
    load: () => import('../../features/snapshot-rule/snapshot-rule-module'),
    texts: ['snapshotRule'],
  },
  exchange: {
    group: 'exCloud',
    load: () => import('../../features/ex-cloud/exchange-module'),
    texts: ['exCloud'],
  },
  firewall: {
    group: 'firewall',
    load: () => import('../../features/firewall/firewall-module'),
    texts: ['firewall'],
  },
  ccx: { group: 'ccx', load: () => import('../../features/ccx/ccx-module'), texts: ['ccx'] },
  balancer: {
    group: 'balancer',
    load: () => import('../../features/balancer/balancer-module'),
    texts: ['balancer'],
  },
  vpc: { group: 'vpc', load: () => import('../../features/vpc/vpc-module'), texts: ['vpc'] },
  // The objects tab has its own words.
  bucket: {
    group: 'bucket',
    load: () => import('../../features/bucket/bucket-module'),
    texts: ['bucket', 'bucketObjects'],
  },
  alarm: { group: 'alarm', load: () => import('../../features/alarm/alarm-module'), texts: ['alarm'] },
  ticket: { group: 'ticket', load: () => import('../../features/ticket/ticket-module'), texts: ['ticket'] },
};

registerResources(Object.fromEntries(Object.entries(RESOURCE_CHUNKS).map(([name, c]) => [name, c.load])));

/** Page loaders of the resource routes, keyed by route id; a route the declaration lacks falls back. */
export function resourcePages(fallback: PageLoader): PageLoaders {
  const pages: PageLoaders = {};
  for (const chunk of Object.values(RESOURCE_CHUNKS)) {
    const ids = [
      ...ROUTES.filter((r) => chunk.group !== undefined && r.group === chunk.group).map((r) => r.id),
      ...(chunk.routes ?? []),
    ];
    for (const id of ids) {
      pages[id] = withTexts([...KIT_TEXTS, ...chunk.texts], async () => {
        const page = (await chunk.load()).pages[id] as ComponentType | undefined;
        return page ? { default: page } : fallback();
      });
    }
  }
  return pages;
}
