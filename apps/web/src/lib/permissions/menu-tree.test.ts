import { describe, expect, it } from 'vitest';
import { MENU_DEFINITION, type MenuEntry } from '@portal/shared';
import { buildMenuTree, groupsHolding, isActiveLink, menuLeaves } from './menu-tree';

const entry = (id: number, parentId: number, sort: number, link = ''): MenuEntry => ({
  id,
  parentId,
  sort,
  link,
  lang_key: `menu.e${id}`,
});

describe('menu tree', () => {
  it('nests entries under their parents, ordered by sort, and drops empty groups', () => {
    const tree = buildMenuTree([
      entry(3, 0, 2),
      entry(1, 0, 1, '/dashboard'),
      entry(4, 3, 2, '/b'),
      entry(5, 3, 1, '/a'),
      entry(9, 0, 3),
    ]);
    expect(tree.map((n) => n.entry.id)).toEqual([1, 3]);
    expect(tree[1]!.children.map((n) => [n.entry.link, n.level])).toEqual([
      ['/a', 1],
      ['/b', 1],
    ]);
  });

  it('stops at level 4', () => {
    const chain = [
      entry(1, 0, 1),
      entry(2, 1, 1),
      entry(3, 2, 1),
      entry(4, 3, 1),
      entry(5, 4, 1),
      entry(6, 5, 1, '/deep'),
      entry(7, 4, 2, '/l4'),
    ];
    const tree = buildMenuTree(chain);
    const leaves = menuLeaves(tree).map((l) => l.entry.link);
    expect(leaves).toEqual(['/l4']);
  });

  it('finds the groups that hold the current route, the deepest last', () => {
    const tree = buildMenuTree([
      entry(1, 0, 1),
      entry(2, 1, 1),
      entry(3, 2, 1, '/vmSetting'),
      entry(4, 0, 2, '/x'),
    ]);
    expect(groupsHolding(tree, '/vmSetting')).toEqual([1, 2]);
    expect(groupsHolding(tree, '/vmSetting/12')).toEqual([1, 2]);
    expect(groupsHolding(tree, '/x')).toEqual([]);
    expect(groupsHolding(tree, '/nowhere')).toEqual([]);
  });

  it('lights a link on its own path and below it only', () => {
    expect(isActiveLink('/alarm', '/alarm/edit/3')).toBe(true);
    expect(isActiveLink('/alarm', '/alarmX')).toBe(false);
  });

  it('builds the whole shared menu with every leaf under its group', () => {
    const tree = buildMenuTree(MENU_DEFINITION.map((m) => m.entry));
    const leaves = menuLeaves(tree);
    expect(leaves.length).toBe(MENU_DEFINITION.filter((m) => m.entry.link !== '').length);
    expect(leaves.find((l) => l.entry.link === '/vmSetting')?.group?.lang_key).toBe('menu.compute');
  });
});
