import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { NO_MATCH_ROUTE, ROUTES } from '@portal/shared';
import { buildRoutes } from './build-routes';
import { PAGES, type PageLoader } from './pages';

const flatten = (routes: RouteObject[]): RouteObject[] =>
  routes.flatMap((r) => [r, ...flatten(r.children ?? [])]);

describe('buildRoutes', () => {
  it('gives every route of the shared table a route at its path, in its layout', () => {
    const [portal, console_] = buildRoutes(PAGES);
    const portalIds = flatten(portal!.children ?? [])
      .map((r) => r.id)
      .filter(Boolean);
    const consoleIds = flatten(console_!.children ?? []).map((r) => r.id);
    expect(portalIds).toEqual(ROUTES.filter((r) => r.layout === 'portal').map((r) => r.id));
    expect(consoleIds).toEqual(ROUTES.filter((r) => r.layout === 'console').map((r) => r.id));
    const paths = Object.fromEntries(flatten(buildRoutes(PAGES)).map((r) => [r.id, r.path]));
    for (const route of ROUTES) expect(paths[route.id], route.id).toBe(route.path);
  });

  it('ends the public routes with a not-found page', () => {
    const [portal] = buildRoutes(PAGES);
    expect(portal!.children!.at(-1)!.path).toBe('*');
  });

  it('throws "Found no match route setting!" for a page of an unknown route id', () => {
    const doing: PageLoader = () => Promise.resolve({ default: () => null });
    expect(() => buildRoutes({ doing, noSuchPage: doing })).toThrow(NO_MATCH_ROUTE);
  });

  it('needs the /doing placeholder for routes without a page', () => {
    expect(() => buildRoutes({})).toThrow(/placeholder/);
  });
});
