import { useEffect, useMemo, useState } from 'react';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type MenuEntry, menuLinkOf } from '@portal/shared';
import { toI18nKey } from '../../../lib/i18n/message-key';
import {
  type MenuNode,
  buildMenuTree,
  groupsHolding,
  isActiveLink,
} from '../../../lib/permissions/menu-tree';
import { routeOfPath } from '../../router/route-of-path';
import { SIDEBAR_ICONS } from './sidebar-icons';

const INDENT_REM = 1.25;

interface ItemProps {
  node: MenuNode;
  pathname: string;
  open: Set<number>;
  toggle: (id: number) => void;
  onNavigate?: () => void;
}

/** The entries of one level of the menu, each with its group below it. */
function MenuItemNodes({ nodes, ...state }: Omit<ItemProps, 'node'> & { nodes: MenuNode[] }) {
  return nodes.map((node) => <MenuItemNode key={node.entry.id} node={node} {...state} />);
}

function MenuItemNode({ node, ...state }: ItemProps) {
  const { pathname, open, toggle, onNavigate } = state;
  const { t } = useTranslation('menu');
  const { entry, level, children } = node;
  const Icon = level === 0 ? SIDEBAR_ICONS[entry.lang_key] : undefined;
  const label = t(toI18nKey(entry.lang_key));
  const padding = { pl: 2 + level * INDENT_REM * 1.6 };
  const icon = Icon ? (
    <ListItemIcon sx={{ minWidth: 36 }}>
      <Icon fontSize="small" />
    </ListItemIcon>
  ) : null;

  if (entry.link !== '') {
    const active = isActiveLink(entry.link, pathname);
    return (
      <ListItemButton
        component={Link}
        to={entry.link}
        selected={active}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
        sx={{
          ...padding,
          borderRadius: 1,
          mx: 1,
          '&.Mui-selected': { color: 'primary.main', fontWeight: 700 },
        }}
        data-testid={`sidebar-link-${entry.link.slice(1)}`}
      >
        {icon}
        <ListItemText primary={label} slotProps={{ primary: { sx: { fontWeight: active ? 700 : 400 } } }} />
      </ListItemButton>
    );
  }

  const isOpen = open.has(entry.id);
  return (
    <>
      <ListItemButton
        onClick={() => toggle(entry.id)}
        aria-expanded={isOpen}
        sx={{ ...padding, borderRadius: 1, mx: 1 }}
        data-testid={`sidebar-group-${entry.lang_key.replace(/^menu\./, '')}`}
      >
        {icon}
        <ListItemText primary={label} />
        {isOpen ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </ListItemButton>
      <Collapse in={isOpen} timeout="auto">
        <List disablePadding>
          <MenuItemNodes nodes={children} {...state} />
        </List>
      </Collapse>
    </>
  );
}

/** The console sidebar, built from the server's menu; the group of the current route is open. */
export function SidebarMenu({ menu, onNavigate }: { menu: MenuEntry[]; onNavigate?: () => void }) {
  const { t } = useTranslation('console');
  const location = useLocation();
  // A create or edit page lights the entry of its list (and opens that entry's group).
  const route = routeOfPath(location.pathname);
  const pathname = route ? menuLinkOf(route) : location.pathname;
  const tree = useMemo(() => buildMenuTree(menu), [menu]);
  const [open, setOpen] = useState(() => new Set(groupsHolding(tree, pathname)));

  // Arriving at a route inside a closed group (a shortcut, the back button) opens it.
  useEffect(() => {
    const holding = groupsHolding(tree, pathname);
    setOpen((current) =>
      holding.every((id) => current.has(id)) ? current : new Set([...current, ...holding]),
    );
  }, [tree, pathname]);

  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <List component="nav" aria-label={t('sidebar.label')} sx={{ py: 1 }} data-testid="console-sidebar">
      <MenuItemNodes nodes={tree} pathname={pathname} open={open} toggle={toggle} onNavigate={onNavigate} />
    </List>
  );
}
