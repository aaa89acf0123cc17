import { describe, expect, it } from 'vitest';
import { hasAuthority } from '../authority/authority.js';
import { authorityForRoles } from '../authority/roles.js';
import { type MenuDefinition, menuFor, MENU_DEFINITION } from './menu.js';
import { ROUTES } from './route-table.js';

const byPath = new Map(ROUTES.map((r) => [r.path, r]));

describe('MENU_DEFINITION', () => {
  it('every leaf links to a console route and carries its authority', () => {
    const leaves = MENU_DEFINITION.filter((m) => m.entry.link !== '');
    expect(leaves.length).toBeGreaterThan(0);
    for (const m of leaves) {
      const route = byPath.get(m.entry.link);
      expect(route?.layout, m.entry.link).toBe('console');
      expect(m.authority, m.entry.link).toBe(route?.authority);
      expect(m.entry.link.includes(':'), m.entry.link).toBe(false);
    }
  });

  it('ids are unique and every parent is a group of the menu', () => {
    const ids = MENU_DEFINITION.map((m) => m.entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    const groups = new Set(MENU_DEFINITION.filter((m) => m.entry.link === '').map((m) => m.entry.id));
    for (const { entry } of MENU_DEFINITION) {
      expect(entry.parentId === 0 || groups.has(entry.parentId), entry.lang_key).toBe(true);
    }
  });

  it('every group has children', () => {
    for (const g of MENU_DEFINITION.filter((m) => m.entry.link === '')) {
      expect(
        MENU_DEFINITION.some((m) => m.entry.parentId === g.entry.id),
        g.entry.lang_key,
      ).toBe(true);
    }
  });

  it('starts with the dashboard at the top level', () => {
    expect(MENU_DEFINITION[0]?.entry).toEqual({
      id: 1,
      parentId: 0,
      sort: 1,
      link: '/dashboard',
      lang_key: 'menu.dashboard',
    });
  });
});

describe('menuFor', () => {
  it('everything for the root user', () => {
    expect(menuFor(() => true)).toEqual(MENU_DEFINITION.map((m) => m.entry));
  });

  it('nothing when nothing is allowed', () => {
    expect(menuFor(() => false)).toEqual([]);
  });

  it('filters leaves and drops the groups left empty', () => {
    const tree = authorityForRoles(['billingViewer']);
    const menu = menuFor((a) => a === undefined || hasAuthority(tree, a));
    const keys = menu.map((m) => m.lang_key);
    expect(keys).toContain('menu.dashboard');
    expect(keys).toContain('menu.billing');
    expect(keys).toContain('menu.valuation');
    expect(keys).toContain('menu.orderManage');
    expect(keys).not.toContain('menu.compute');
    expect(keys).not.toContain('menu.vmSetting');
    expect(keys).not.toContain('menu.network');
    expect(keys).not.toContain('menu.iam');
    // The account group stays for myInfo and myTicket.
    expect(keys).toContain('menu.account');
    // Each kept leaf's parent is kept.
    const ids = new Set(menu.map((m) => m.id));
    for (const m of menu) expect(m.parentId === 0 || ids.has(m.parentId), m.lang_key).toBe(true);
    // Sorted by id, like the definition.
    expect(menu.map((m) => m.id)).toEqual([...menu.map((m) => m.id)].sort((a, b) => a - b));
  });

  it('keeps every ancestor of a kept leaf in a nested menu', () => {
    const entry = (id: number, parentId: number, link = '') => ({
      entry: { id, parentId, sort: id, link, lang_key: `k${id}` },
      authority: link ? link.slice(1) : undefined,
    });
    const nested: MenuDefinition = [
      entry(1, 0), // group
      entry(2, 1), // sub-group
      entry(3, 2, '/a'),
      entry(4, 2, '/b'),
      entry(5, 0), // group with nothing allowed
      entry(6, 5, '/c'),
      entry(7, 0, '/d'),
    ];
    expect(menuFor((a) => a === 'b', nested).map((m) => m.id)).toEqual([1, 2, 4]);
    expect(menuFor((a) => a === 'd', nested).map((m) => m.id)).toEqual([7]);
    expect(menuFor((a) => a === 'a' || a === 'c', nested).map((m) => m.id)).toEqual([1, 2, 3, 5, 6]);
  });
});
