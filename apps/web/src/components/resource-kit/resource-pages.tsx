import type { ComponentType } from 'react';
import type { ResourceDefinition } from '../../lib/resource-kit/definition';
import type { ResourceModule } from '../../lib/resource-kit/registry';
import { ResourceCreatePage, ResourceEditPage } from './resource-form';
import { ResourceDetailPage } from './resource-detail-page';
import { ResourceListPage } from './resource-list-page';

/**
 * A resource chunk's export: its declaration and its pages keyed by the route ids it declares,
 * which the router registers (app/router/resource-pages.ts). No page is written by hand.
 */
export function resourceModule<T>(def: ResourceDefinition<T>): ResourceModule {
  const pages: Record<string, ComponentType> = {};
  const page = (id: string | undefined, Page: ComponentType<{ def: ResourceDefinition<T> }>) => {
    if (!id) return;
    const Component = () => <Page def={def} />;
    Component.displayName = `${def.name}:${id}`;
    pages[id] = Component;
  };
  page(def.routes.list, ResourceListPage);
  page(def.routes.create, ResourceCreatePage);
  page(def.routes.detail, ResourceDetailPage);
  page(def.routes.edit, ResourceEditPage);
  Object.assign(pages, def.extraPages);
  return { resource: def as unknown as ResourceDefinition<never>, pages };
}
