import type { ComponentType } from 'react';
import { ROUTES } from '@portal/shared';
import { type ResourceLoader, registerResources } from '../../lib/resource-kit/registry';
import { type PageLoader, withTexts } from './lazy-page';

/** Namespaces every resource page shows: the kit's, status labels, rule reasons, field messages. */
const KIT_TEXTS = ['resource', 'enums', 'apiError', 'validation'];

interface ResourceChunk {
  /** The route table's group whose routes the chunk's declaration serves. */
  group: string;
  load: ResourceLoader;
  texts: string[];
}

/**
 * The console resources declared with the resource kit, one lazy chunk each (one line per
 * resource). Their pages come from the declaration by route id, and detail tabs find each other's
 * lists through the registry.
 */
const RESOURCE_CHUNKS: Record<string, ResourceChunk> = {
  vm: { group: 'vm', load: () => import('../../features/vm/vm-module'), texts: ['vm'] },
  disk: { group: 'disk', load: () => import('../../features/disk/disk-module'), texts: ['disk'] },
  vni: { group: 'vni', load: () => import('../../features/vni/vni-module'), texts: ['vni'] },
};

registerResources(Object.fromEntries(Object.entries(RESOURCE_CHUNKS).map(([name, c]) => [name, c.load])));

/** Page loaders of the resource routes, keyed by route id; a route the declaration lacks falls back. */
export function resourcePages(fallback: PageLoader): Record<string, PageLoader> {
  const pages: Record<string, PageLoader> = {};
  for (const chunk of Object.values(RESOURCE_CHUNKS)) {
    for (const route of ROUTES.filter((r) => r.group === chunk.group)) {
      pages[route.id] = withTexts([...KIT_TEXTS, ...chunk.texts], async () => {
        const page = (await chunk.load()).pages[route.id] as ComponentType | undefined;
        return page ? { default: page } : fallback();
      });
    }
  }
  return pages;
}
