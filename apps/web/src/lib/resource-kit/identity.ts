import { type EntityOf, type ResourceContract, manageAuthority } from '@portal/shared';
import type { ResourceIdentity } from './definition';
import { basePathOf } from './resource-api';

/**
 * Who a resource is on the web: its API path, route ids and authority from the shared contract,
 * and what only the web knows (its test ids' name, its texts' namespace, how a row is named).
 */
export function identityOf<C extends ResourceContract, T = EntityOf<C>>(
  contract: C,
  own: Pick<ResourceIdentity<T>, 'name' | 'namespace' | 'id' | 'title' | 'affects' | 'createdPath'>,
): ResourceIdentity<T> {
  return {
    ...own,
    contract,
    base: basePathOf(contract),
    routes: contract.routes,
    authority: { view: contract.authority, manage: manageAuthority(contract) },
  };
}
