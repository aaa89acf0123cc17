import { type ComponentType, lazy } from 'react';
import type { PageLoader, PageModule } from './pages';

// One load and one lazy component per loader: routes sharing a loader share its chunk and
// component, a lazy component is never created during render, and a page preloaded before the
// first render (preload-route.ts) is rendered at once instead of suspending for a tick.
const loads = new Map<PageLoader, Promise<PageModule>>();
const loaded = new Map<PageLoader, ComponentType>();
const lazies = new Map<PageLoader, ComponentType>();

/** Starts (or joins) loading a page; a failed load may be tried again. */
export function loadPage(loader: PageLoader): Promise<PageModule> {
  let load = loads.get(loader);
  if (!load) {
    load = loader().then(
      (module) => {
        loaded.set(loader, module.default);
        return module;
      },
      (error: unknown) => {
        loads.delete(loader);
        throw error;
      },
    );
    loads.set(loader, load);
  }
  return load;
}

/** The page's component: itself once loaded, else a lazy component that suspends until it is. */
export function lazyPage(loader: PageLoader): ComponentType {
  const page = loaded.get(loader) ?? lazies.get(loader);
  if (page) return page;
  const lazyComponent = lazy(() => loadPage(loader));
  lazies.set(loader, lazyComponent);
  return lazyComponent;
}
