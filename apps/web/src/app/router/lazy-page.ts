import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { PageLoader } from './pages';

// One lazy component per loader: routes sharing the placeholder share its chunk and component, and
// a lazy component must never be created during render.
const cache = new Map<PageLoader, LazyExoticComponent<ComponentType>>();

export function lazyPage(loader: PageLoader): LazyExoticComponent<ComponentType> {
  let page = cache.get(loader);
  if (!page) {
    page = lazy(loader);
    cache.set(loader, page);
  }
  return page;
}
