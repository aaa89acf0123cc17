import { useCallback, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ANNOUNCEMENT_STATES,
  type AnnouncementBody,
  type AnnouncementLevel,
  type AnnouncementState,
  type OpsAnnouncement,
} from '@portal/shared';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import type { Paged } from '../../lib/api/resource';
import { formatDateTime } from '../../lib/format/date-time';
import { toast } from '../../lib/toast/toast-store';
import { opsToken } from '../ops';
import { opsAnnouncementsApi } from './ops-announcements-api';
import { OpsAnnouncementDialog } from './ops-announcement-dialog';
import { PageTitle } from '../../components/page-title';
import { OpsPage } from '../../components/ops-page';

const PAGE_SIZE = 10;
const STATE_COLORS: Record<AnnouncementState, 'info' | 'success' | 'default'> = {
  scheduled: 'info',
  current: 'success',
  ended: 'default',
};
const LEVEL_COLORS: Record<AnnouncementLevel, 'info' | 'warning' | 'default'> = {
  info: 'default',
  maintenance: 'info',
  warning: 'warning',
};

/**
 * /ops/announcements: what the provider tells every customer on the dashboard. Newest start
 * first, by state; write, change (both languages side by side) and delete with a confirmation.
 */
export default function OpsAnnouncementsPage() {
  const { t, i18n } = useTranslation(['ops', 'common']);
  const signedIn = Boolean(opsToken.get());
  const [state, setState] = useState<AnnouncementState | 'all'>('all');
  const [page, setPage] = useState(0);
  const [data, setData] = useState<Paged<OpsAnnouncement> | null>(null);
  const [editing, setEditing] = useState<OpsAnnouncement | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<OpsAnnouncement | null>(null);

  const load = useCallback(() => {
    opsAnnouncementsApi
      .announcements({ page, limit: PAGE_SIZE, state: state === 'all' ? undefined : state })
      .then(setData, () => setData({ records: [], total: 0, page, limit: PAGE_SIZE }));
  }, [page, state]);
  useEffect(() => {
    if (signedIn) load();
  }, [signedIn, load]);

  if (!signedIn) return <Navigate to="/ops/login" replace />;
  const english = i18n.language === 'en';
  const when = (iso: string) => formatDateTime(iso, i18n.language);

  const save = async (body: AnnouncementBody) => {
    if (editing) await opsAnnouncementsApi.updateAnnouncement(editing.id, body);
    else await opsAnnouncementsApi.createAnnouncement(body);
    toast.success(editing ? 'ops:announcements.saved' : 'ops:announcements.created');
    setDialogOpen(false);
    if (!editing && page !== 0) setPage(0);
    else load();
  };
  const remove = async () => {
    const target = deleting;
    setDeleting(null);
    if (!target) return;
    await opsAnnouncementsApi.deleteAnnouncement(target.id).then(
      () => toast.success('ops:announcements.deleted'),
      () => undefined,
    );
    load();
  };

  return (
    <OpsPage testId="ops-announcements-page">
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Box sx={{ mr: 'auto', minWidth: 0 }}>
          <PageTitle>{t('announcements.title')}</PageTitle>
          <Typography color="text.secondary">{t('announcements.subtitle')}</Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => {
            setEditing(null);
            setDialogOpen(true);
          }}
          data-testid="announcement-new"
        >
          {t('announcements.new')}
        </Button>
      </Box>
      <Tabs
        value={state}
        onChange={(_, v: AnnouncementState | 'all') => {
          setState(v);
          setPage(0);
        }}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        <Tab value="all" label={t('announcements.all')} data-testid="announcement-tab-all" />
        {ANNOUNCEMENT_STATES.map((s) => (
          <Tab
            key={s}
            value={s}
            label={t(`announcements.states.${s}`)}
            data-testid={`announcement-tab-${s}`}
          />
        ))}
      </Tabs>
      <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="announcement-list">
        {data === null &&
          [0, 1, 2].map((i) => (
            <Paper key={i} variant="outlined" sx={{ p: 2 }}>
              <Skeleton width="40%" />
              <Skeleton />
            </Paper>
          ))}
        {data?.records.length === 0 && (
          <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}>
            {t('announcements.empty')}
          </Paper>
        )}
        {data?.records.map((a) => (
          <Paper
            key={a.id}
            variant="outlined"
            sx={{ p: 2, display: 'flex', gap: 1, alignItems: 'flex-start' }}
            data-testid="announcement-row"
            data-id={a.id}
            data-state={a.state}
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 0.5 }}>
                <Chip
                  size="small"
                  color={STATE_COLORS[a.state]}
                  label={t(`announcements.states.${a.state}`)}
                  data-testid="announcement-state"
                />
                <Chip
                  size="small"
                  variant="outlined"
                  color={LEVEL_COLORS[a.level]}
                  label={t(`announcements.levels.${a.level}`)}
                />
                <Typography component="h2" sx={{ fontWeight: 700, wordBreak: 'break-word' }}>
                  {english ? a.titleE : a.titleC}
                </Typography>
              </Box>
              <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                {english ? a.titleC : a.titleE}
              </Typography>
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {t('announcements.window', { from: when(a.startsAt), to: when(a.endsAt) })}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                {t('announcements.updatedBy', { who: a.updatedBy, at: when(a.updatedAt) })}
              </Typography>
            </Box>
            <Box sx={{ display: 'flex', flexShrink: 0 }}>
              <Tooltip title={t('announcements.edit')}>
                <IconButton
                  aria-label={t('announcements.edit')}
                  onClick={() => {
                    setEditing(a);
                    setDialogOpen(true);
                  }}
                  data-testid={`announcement-edit-${a.id}`}
                >
                  <EditOutlined />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('announcements.delete')}>
                <IconButton
                  aria-label={t('announcements.delete')}
                  color="error"
                  onClick={() => setDeleting(a)}
                  data-testid={`announcement-delete-${a.id}`}
                >
                  <DeleteOutline />
                </IconButton>
              </Tooltip>
            </Box>
          </Paper>
        ))}
      </Box>
      {data && data.total > PAGE_SIZE && (
        <Pagination
          sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
          count={Math.ceil(data.total / PAGE_SIZE)}
          page={page + 1}
          onChange={(_, p) => setPage(p - 1)}
        />
      )}
      <OpsAnnouncementDialog
        open={dialogOpen}
        editing={editing}
        onClose={() => setDialogOpen(false)}
        onSave={save}
      />
      <ConfirmDialog
        open={deleting !== null}
        destructive
        title={t('announcements.deleteTitle')}
        body={t('announcements.deleteBody', {
          title: deleting ? (english ? deleting.titleE : deleting.titleC) : '',
        })}
        confirmLabel={t('announcements.delete')}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </OpsPage>
  );
}
