import type { ComponentType } from 'react';
import type { ResourceDefinition } from './definition';

/** A resource's lazy chunk: its declaration and its pages keyed by route id. */
export interface ResourceModule {
  // Each chunk declares its own row type; the registry hands declarations to generic components.
  resource: ResourceDefinition<never>;
  pages: Record<string, ComponentType>;
}
export type ResourceLoader = () => Promise<ResourceModule>;

const loaders = new Map<string, ResourceLoader>();

/**
 * The app registers each resource's chunk by name; a detail tab showing another resource's list
 * (a VM's disks) loads it through here, since a feature may not import another feature.
 */
export function registerResources(chunks: Record<string, ResourceLoader>): void {
  for (const [name, load] of Object.entries(chunks)) loaders.set(name, load);
}

export function loadResource(name: string): Promise<ResourceModule> {
  const load = loaders.get(name);
  if (!load) return Promise.reject(new Error(`No resource registered as "${name}"`));
  return load();
}
