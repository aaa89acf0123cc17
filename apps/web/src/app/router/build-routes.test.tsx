import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { NO_MATCH_ROUTE, ROUTES } from '@portal/shared';
import { buildRoutes } from './build-routes';
import type { PageLoader, PageLoaders } from './lazy-page';
import { PAGES } from './pages';
import { routeOfPath } from './route-of-path';

const routesOf = buildRoutes(PAGES);

describe('buildRoutes', () => {
  it('gives every route of the shared table its page at its path, inside its layout', () => {
    const layoutOf = new Map<unknown, string>();
    for (const route of ROUTES) {
      const [frame, ...rest] = routesOf(route);
      expect(rest, route.id).toEqual([]);
      expect(
        frame?.children?.map((c: RouteObject) => [c.id, c.path]),
        route.id,
      ).toEqual([[route.id, route.path]]);
      // One frame element per layout, so moving between pages of a layout keeps the frame.
      const seen = layoutOf.get(frame?.element);
      expect(seen ?? route.layout, route.id).toBe(route.layout);
      layoutOf.set(frame?.element, route.layout);
    }
    expect(new Set(layoutOf.values())).toEqual(new Set(['portal', 'console', 'ops']));
  });

  it('answers a path of no route with the not-found page in the portal frame', () => {
    const [frame] = routesOf(routeOfPath('/no/such/page'));
    expect(frame?.children?.[0]?.path).toBe('*');
    expect(frame?.element).toBe(routesOf(routeOfPath('/'))[0]?.element);
  });

  it('throws "Found no match route setting!" for a page of an unknown route id', () => {
    const doing: PageLoader = () => Promise.resolve({ default: () => null });
    // Only a page table built at run time can name an unknown id: the type check refuses it written down.
    const pages = { doing, noSuchPage: doing } as PageLoaders;
    expect(() => buildRoutes(pages)).toThrow(NO_MATCH_ROUTE);
  });

  it('needs the /doing placeholder for routes without a page', () => {
    expect(() => buildRoutes({})).toThrow(/placeholder/);
  });
});

describe('routeOfPath', () => {
  it('finds each route of the table at its own path, with parameters filled in', () => {
    for (const route of ROUTES) {
      const path = route.path.replace(/:(\w+)/g, 'x-1_$1');
      expect(routeOfPath(path)?.id, path).toBe(route.id);
    }
  });

  it('matches as react-router does: any letter case, a trailing slash, parameters whole segments', () => {
    expect(routeOfPath('/LOGIN')?.id).toBe('login');
    expect(routeOfPath('/login/')?.id).toBe('login');
    expect(routeOfPath('/news/7')?.id).toBe('news');
    expect(routeOfPath('/news/7/more')).toBeUndefined();
    expect(routeOfPath('/news/')).toBeUndefined();
    expect(routeOfPath('/')?.id).toBe('home');
  });
});
