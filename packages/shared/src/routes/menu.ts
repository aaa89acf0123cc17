/**
 * The console sidebar (spec section 2, "Console layout"). A group has an empty link; a leaf links
 * to a route of the route table and needs that route's authority. The server filters this list
 * by the user's authority tree and answers it from GET /api/auth/page.
 */
import { getRoute, type RouteId } from './route-table.js';

export interface MenuEntry {
  id: number;
  /** 0 means top level. */
  parentId: number;
  sort: number;
  /** Empty string: a group with children. */
  link: string;
  lang_key: string;
}

interface GroupDef {
  key: string;
  children: (RouteId | GroupDef)[];
}

/** Ids are stable: they come from this tree's order, and the web keys open groups by them. */
const TREE: (RouteId | GroupDef)[] = [
  'dashboard',
  { key: 'compute', children: ['vmSetting', 'diskList', 'snapshot', 'snapshotRule'] },
  { key: 'network', children: ['vpcNets', 'vni', 'firewall', 'balancer', 'ccxList', 'exCloud'] },
  { key: 'storage', children: ['bucket', 'purchaseCCIS'] },
  { key: 'monitor', children: ['alarm', 'singleVM', 'totalUsage', 'usageReport'] },
  { key: 'billing', children: ['orderManage', 'orderHistory', 'valuation'] },
  { key: 'account', children: ['iam', 'auditLog', 'myInfo', 'apiKeys', 'myTicket'] },
];

function flatten(): { entry: MenuEntry; authority?: string }[] {
  const out: { entry: MenuEntry; authority?: string }[] = [];
  let next = 1;
  const walk = (nodes: (RouteId | GroupDef)[], parentId: number) => {
    nodes.forEach((node, index) => {
      const id = next++;
      if (typeof node === 'string') {
        const route = getRoute(node);
        out.push({
          entry: { id, parentId, sort: index + 1, link: route.path, lang_key: `menu.${node}` },
          authority: route.authority,
        });
      } else {
        out.push({ entry: { id, parentId, sort: index + 1, link: '', lang_key: `menu.${node.key}` } });
        walk(node.children, id);
      }
    });
  };
  walk(TREE, 0);
  return out;
}

export const MENU_DEFINITION = flatten();

export type MenuDefinition = readonly { entry: MenuEntry; authority?: string }[];

/**
 * The menu a user may see: leaves their authority allows, and the groups above them (a group left
 * without any allowed leaf is dropped). `definition` defaults to the console's menu.
 */
export function menuFor(
  allowed: (authority: string | undefined) => boolean,
  definition: MenuDefinition = MENU_DEFINITION,
): MenuEntry[] {
  const leaves = definition.filter((m) => m.entry.link !== '' && allowed(m.authority)).map((m) => m.entry);
  // Keep every group on the way up from a kept leaf (groups may nest down to SIDEBAR_MAX_LEVEL).
  const parentOf = new Map(definition.map((m) => [m.entry.id, m.entry.parentId]));
  const kept = new Set<number>();
  for (const leaf of leaves) {
    for (let id = leaf.parentId; id !== 0 && !kept.has(id); id = parentOf.get(id) ?? 0) kept.add(id);
  }
  const groups = definition.filter((m) => m.entry.link === '' && kept.has(m.entry.id)).map((m) => m.entry);
  return [...groups, ...leaves].sort((a, b) => a.id - b.id);
}
