import { matchPath } from 'react-router';
import { ROUTES, type RouteSetting } from '@portal/shared';

/** The route setting a location path belongs to, if any. */
export function routeOfPath(pathname: string): RouteSetting | undefined {
  return ROUTES.find((route) => matchPath({ path: route.path, end: true }, pathname) !== null);
}
