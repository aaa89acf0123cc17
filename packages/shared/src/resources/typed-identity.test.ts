import { describe, expect, it } from 'vitest';
import type { AuthorityPath } from '../authority/authority.js';
import type { ApiPath } from '../api/api-path.js';
import { getRoute, routePath, type RouteId } from '../routes/route-table.js';
import { RESOURCE_CONTRACTS, type ActionOf, type BodyIn, type UpdateOf } from './index.js';
import type { diskContract } from './compute-contracts.js';

/**
 * A misspelling fails `npm run typecheck` (issue 26): each `@ts-expect-error` below is a
 * misspelling the type check must refuse; were it accepted, the directive itself would fail the
 * check. The runtime lines say the right spellings still work.
 */
describe('the typed identity', () => {
  it('refuses a misspelt authority', () => {
    const good: AuthorityPath = 'compute/disk/manage';
    // @ts-expect-error "dsik" is no leaf of the authority tree
    const bad: AuthorityPath = 'compute/dsik';
    expect([good, bad]).toHaveLength(2);
  });

  it('refuses a misspelt route id', () => {
    expect(routePath('diskList')).toBe('/diskList');
    // @ts-expect-error no route is called diskLists
    expect(() => getRoute('diskLists')).toThrow();
    const id: RouteId = 'vmDetail';
    expect(getRoute(id).path).toBe('/vmSetting/:uuid');
  });

  it('refuses a path no route of the API serves', () => {
    const good: ApiPath<'POST'> = `/disks/${'a-uuid'}/link`;
    // @ts-expect-error the disks live at /disks
    const misspelt: ApiPath<'POST'> = `/disk/${'a-uuid'}/link`;
    // @ts-expect-error disks are created with POST, not PATCH
    const wrongMethod: ApiPath<'PATCH'> = '/disks';
    expect([good, misspelt, wrongMethod]).toHaveLength(3);
  });

  it('refuses an action or a body the contract does not declare', () => {
    const link: ActionOf<typeof diskContract> = 'link';
    // @ts-expect-error disks have no "attach" action (it is "link")
    const attach: ActionOf<typeof diskContract> = 'attach';
    const rename: BodyIn<UpdateOf<typeof diskContract>> = { diskName: 'data-1' };
    // @ts-expect-error a disk's update has no "name" (it is diskName)
    const wrong: BodyIn<UpdateOf<typeof diskContract>> = { name: 'data-1' };
    expect([link, attach, rename, wrong]).toHaveLength(4);
  });

  it('declares every resource once, each with its own type and audit name', () => {
    const types = RESOURCE_CONTRACTS.map((c) => c.type);
    expect(new Set(types).size).toBe(types.length);
    const names = RESOURCE_CONTRACTS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
