import { getRoute, routePath } from '@portal/shared';
import type { ResourceIdentity } from './definition';

/** The detail page's address of a row, whatever its route calls the id parameter. */
export function detailPath<T>(def: ResourceIdentity<T>, id: string): string | undefined {
  if (!def.routes.detail) return undefined;
  const name = /:(\w+)/.exec(getRoute(def.routes.detail).path)?.[1] ?? 'id';
  return routePath(def.routes.detail, { [name]: id });
}
