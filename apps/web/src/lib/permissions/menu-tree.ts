import { type MenuEntry, SIDEBAR_MAX_LEVEL } from '@portal/shared';

export interface MenuNode {
  entry: MenuEntry;
  /** 0 for top-level entries, up to SIDEBAR_MAX_LEVEL. */
  level: number;
  children: MenuNode[];
}

/**
 * The server's flat menu as a tree: children under their parentId, ordered by `sort`. Entries
 * deeper than the sidebar can show, or whose parent is missing, are left out rather than misplaced.
 */
export function buildMenuTree(entries: readonly MenuEntry[]): MenuNode[] {
  const byParent = new Map<number, MenuEntry[]>();
  for (const entry of entries) {
    const siblings = byParent.get(entry.parentId) ?? [];
    siblings.push(entry);
    byParent.set(entry.parentId, siblings);
  }
  const build = (parentId: number, level: number): MenuNode[] => {
    if (level > SIDEBAR_MAX_LEVEL) return [];
    return (byParent.get(parentId) ?? [])
      .slice()
      .sort((a, b) => a.sort - b.sort || a.id - b.id)
      .map((entry) => ({ entry, level, children: entry.link === '' ? build(entry.id, level + 1) : [] }))
      .filter((node) => node.entry.link !== '' || node.children.length > 0);
  };
  return build(0, 0);
}

/** Ids of the groups on the way to the entry linking to `pathname` (they start open). */
export function groupsHolding(nodes: readonly MenuNode[], pathname: string): number[] {
  const walk = (level: readonly MenuNode[]): number[] | null => {
    for (const node of level) {
      if (node.entry.link !== '') {
        if (isActiveLink(node.entry.link, pathname)) return [];
        continue;
      }
      const inner = walk(node.children);
      if (inner) return [node.entry.id, ...inner];
    }
    return null;
  };
  return walk(nodes) ?? [];
}

/** A link is active on its own path and on paths below it (/vmSetting/123 keeps VMs lit). */
export function isActiveLink(link: string, pathname: string): boolean {
  return pathname === link || pathname.startsWith(`${link}/`);
}

/** Every linked entry with the label of its top-level group, for shortcut lists. */
export function menuLeaves(
  nodes: readonly MenuNode[],
  group?: MenuEntry,
): { entry: MenuEntry; group?: MenuEntry }[] {
  return nodes.flatMap((node) =>
    node.entry.link !== '' ? [{ entry: node.entry, group }] : menuLeaves(node.children, group ?? node.entry),
  );
}
