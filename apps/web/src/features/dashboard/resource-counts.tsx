import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  DASHBOARD_KINDS,
  type Dashboard,
  type DashboardCount,
  type DashboardKind,
  type DashboardState,
} from '@portal/shared';
import { formatCount } from '../../lib/format/bytes';
import { usePermissions } from '../../lib/permissions/use-permissions';
import { kindPath } from './kind-links';

type ChipColor = 'default' | 'success' | 'warning' | 'error' | 'info';

/** States worth the eye when any row is in them; the rest stay plain. */
const STATE_COLORS: Record<string, ChipColor> = {
  running: 'success',
  active: 'success',
  inUse: 'success',
  normal: 'success',
  busy: 'info',
  ordering: 'info',
  error: 'error',
  alarming: 'error',
  unprotected: 'warning',
  insufficientData: 'warning',
  aboutToExpire: 'warning',
};

const GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: {
    xs: '1fr',
    sm: 'repeat(2, minmax(0, 1fr))',
    lg: 'repeat(3, minmax(0, 1fr))',
    xl: 'repeat(4, minmax(0, 1fr))',
  },
} as const;

function KindCard({
  kind,
  count,
  states,
}: {
  kind: DashboardKind;
  count: DashboardCount;
  states: readonly string[];
}) {
  const { t, i18n } = useTranslation('dashboard');
  const name = t(`kinds.${kind}`);
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={`dashboard-kind-${kind}`}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
        <Link
          component={RouterLink}
          to={kindPath(kind)!}
          underline="hover"
          sx={{ fontWeight: 700, minWidth: 0 }}
          aria-label={t('counts.showList', { kind: name })}
          data-testid={`dashboard-kind-${kind}-link`}
        >
          {name}
        </Link>
        <Typography
          component="span"
          sx={{ fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.2 }}
          data-testid={`dashboard-count-${kind}`}
        >
          {formatCount(count.total, i18n.language)}
        </Typography>
      </Box>
      {states.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 1.5 }}>
          {states.map((state) => {
            const n = count.states[state] ?? 0;
            const path = kindPath(kind, state as DashboardState<typeof kind>);
            const label = `${t(`states.${state}`)} ${formatCount(n, i18n.language)}`;
            const color = n > 0 ? (STATE_COLORS[state] ?? 'default') : 'default';
            const common = {
              size: 'small' as const,
              label,
              color,
              variant: n > 0 && color !== 'default' ? ('filled' as const) : ('outlined' as const),
              'data-testid': `dashboard-state-${kind}-${state}`,
              'data-count': n,
            };
            return path ? (
              <Chip
                key={state}
                {...common}
                clickable
                component={RouterLink}
                to={path}
                aria-label={t('counts.showState', { kind: name, state: t(`states.${state}`) })}
              />
            ) : (
              <Chip key={state} {...common} />
            );
          })}
        </Box>
      )}
    </Paper>
  );
}

/**
 * A card per kind the caller may see, with its total (to the list) and its states (each to the
 * list filtered by it, where the list filters so). Skeleton cards while the first answer comes.
 */
export function ResourceCounts({ dashboard }: { dashboard: Dashboard | undefined }) {
  const { can } = usePermissions();
  const kinds = DASHBOARD_KINDS.filter((k) => (dashboard ? dashboard.counts[k.kind] : can(k.authority)));
  return (
    <Box sx={GRID} data-testid="dashboard-counts">
      {kinds.map((k) => {
        const count = dashboard?.counts[k.kind];
        return count ? (
          <KindCard key={k.kind} kind={k.kind} count={count} states={k.states} />
        ) : (
          <Paper key={k.kind} variant="outlined" sx={{ p: 2 }} data-testid="dashboard-kind-skeleton">
            <Skeleton width="50%" />
            <Skeleton width="80%" height={32} />
          </Paper>
        );
      })}
    </Box>
  );
}
