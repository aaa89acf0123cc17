import { Suspense, use } from 'react';
import { loadResource, type ResourceModule } from '../../lib/resource-kit/registry';
import { PageSpinner } from '../page-spinner';
import { ResourceList } from './resource-list';

const modules = new Map<string, Promise<ResourceModule>>();
const moduleOf = (name: string) => {
  let load = modules.get(name);
  if (!load) {
    load = loadResource(name);
    modules.set(name, load);
    // A failed chunk may be tried again on the next visit of the tab.
    load.catch(() => modules.delete(name));
  }
  return load;
};

function Loaded({ name, fixed }: { name: string; fixed: Readonly<Record<string, string>> }) {
  const { resource } = use(moduleOf(name));
  return <ResourceList def={resource} fixed={fixed} />;
}

/**
 * Another resource's list inside a detail tab, filtered by the row the page shows (a VM's disks).
 * The other resource's chunk loads when the tab opens; its state stays in memory, not the address.
 */
export function RelatedList({ name, fixed }: { name: string; fixed: Readonly<Record<string, string>> }) {
  return (
    <Suspense fallback={<PageSpinner minHeight={160} />}>
      <Loaded name={name} fixed={fixed} />
    </Suspense>
  );
}
