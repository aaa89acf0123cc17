import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import BuildOutlined from '@mui/icons-material/BuildOutlined';
import { useTranslation } from 'react-i18next';
import type { Announcement, AnnouncementLevel } from '@portal/shared';
import { formatDateTime } from '../../lib/format/date-time';

const SEVERITY: Record<AnnouncementLevel, AlertColor> = {
  info: 'info',
  maintenance: 'info',
  warning: 'warning',
};

/** The provider's current announcements, newest first, each with its level; nothing when none is. */
export function AnnouncementList({ announcements }: { announcements: Announcement[] | undefined }) {
  const { t, i18n } = useTranslation('dashboard');
  if (!announcements?.length) return null;
  return (
    <Box component="section" aria-label={t('announcements.title')} sx={{ display: 'grid', gap: 1.5, mb: 3 }}>
      {announcements.map((a) => (
        <Alert
          key={a.id}
          severity={SEVERITY[a.level]}
          variant="outlined"
          icon={a.level === 'maintenance' ? <BuildOutlined fontSize="inherit" /> : undefined}
          data-testid="dashboard-announcement"
          data-level={a.level}
          sx={{ '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}
        >
          <AlertTitle sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <Chip
              size="small"
              label={t(`announcements.levels.${a.level}`)}
              color={SEVERITY[a.level]}
              variant="outlined"
            />
            <Box component="span" sx={{ fontWeight: 700, wordBreak: 'break-word' }}>
              {a.title}
            </Box>
          </AlertTitle>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line', wordBreak: 'break-word' }}>
            {a.body}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {t('announcements.until', { time: formatDateTime(a.endsAt, i18n.language) })}
          </Typography>
        </Alert>
      ))}
    </Box>
  );
}
