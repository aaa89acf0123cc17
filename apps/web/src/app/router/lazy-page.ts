import { type ComponentType, lazy } from 'react';
import type { RouteId } from '@portal/shared';
import { i18n } from '../../lib/i18n/i18n';

/** A lazily loaded layout or page: a module whose default export is the component. */
export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

/** Page loaders by route id of the shared table: a misspelt id fails the type check. */
export type PageLoaders = Partial<Record<RouteId, PageLoader>>;

/**
 * A chunk fetched together with the translation namespaces it shows, so that opening it costs
 * one round trip instead of two (a namespace left out is still fetched when the component asks
 * for it, one round trip later).
 */
export const withTexts =
  (namespaces: string[], load: PageLoader): PageLoader =>
  async () =>
    (await Promise.all([load(), i18n.loadNamespaces(namespaces)]))[0];

// One load and one lazy component per loader: routes sharing a loader share its chunk and
// component, a lazy component is never created during render, and a module preloaded before the
// first render (preload-route.ts) is rendered at once. React.lazy would suspend once even then,
// and on a first render a suspended boundary commits its fallback and then the page again.
const loads = new Map<PageLoader, Promise<PageModule>>();
const loaded = new Map<PageLoader, ComponentType>();
const lazies = new Map<PageLoader, ComponentType>();

/** Starts (or joins) loading a layout or page; a failed load may be tried again. */
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

/** The component: itself once loaded, else a lazy component that suspends until it is. */
export function lazyPage(loader: PageLoader): ComponentType {
  const page = loaded.get(loader) ?? lazies.get(loader);
  if (page) return page;
  const lazyComponent = lazy(() => loadPage(loader));
  lazies.set(loader, lazyComponent);
  return lazyComponent;
}
