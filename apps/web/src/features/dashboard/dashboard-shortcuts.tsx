import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MenuEntry } from '@portal/shared';
import { toI18nKey } from '../../lib/i18n/message-key';
import { buildMenuTree, menuLeaves } from '../../lib/permissions/menu-tree';

/** Links to every console section the user's authority allows, grouped like the sidebar. */
export function DashboardShortcuts({ menu }: { menu: MenuEntry[] }) {
  const { t } = useTranslation(['dashboard', 'menu']);
  const groups = useMemo(() => {
    const byGroup = new Map<string, { group?: MenuEntry; entries: MenuEntry[] }>();
    for (const { entry, group } of menuLeaves(buildMenuTree(menu))) {
      if (entry.link === '/dashboard') continue;
      const key = group ? String(group.id) : 'top';
      const bucket = byGroup.get(key) ?? { group, entries: [] };
      bucket.entries.push(entry);
      byGroup.set(key, bucket);
    }
    return [...byGroup.values()];
  }, [menu]);

  if (groups.length === 0) {
    return <Typography color="text.secondary">{t('shortcuts.none')}</Typography>;
  }
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
      }}
    >
      {groups.map(({ group, entries }) => (
        <Paper
          key={group?.id ?? 'top'}
          variant="outlined"
          sx={{ p: 2 }}
          data-testid="dashboard-shortcut-group"
        >
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
            {group ? t(toI18nKey(group.lang_key)) : t('shortcuts.general')}
          </Typography>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}>
            {entries.map((entry) => (
              <Button
                key={entry.id}
                component={Link}
                to={entry.link}
                endIcon={<ChevronRight />}
                data-testid={`shortcut-${entry.link.slice(1)}`}
              >
                {t(toI18nKey(entry.lang_key))}
              </Button>
            ))}
          </Box>
        </Paper>
      ))}
    </Box>
  );
}
