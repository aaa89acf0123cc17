import { ROUTES, type RouteSetting } from '@portal/shared';

// Compiled once: the router and the sidebar ask on every render. The route table's paths are
// static segments and `:param` segments only; as in react-router, a static path wins over a
// pattern, letters match in any case and a trailing slash is allowed.
const STATIC = new Map(ROUTES.filter((r) => !r.path.includes(':')).map((r) => [r.path.toLowerCase(), r]));
const PATTERNS = ROUTES.filter((r) => r.path.includes(':')).map((route) => ({
  route,
  pattern: new RegExp(
    `^${route.path
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}/?$`,
    'i',
  ),
}));

/** The route setting a location path belongs to, if any. */
export function routeOfPath(pathname: string): RouteSetting | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return STATIC.get(path.toLowerCase()) ?? PATTERNS.find((p) => p.pattern.test(pathname))?.route;
}
