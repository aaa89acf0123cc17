import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import MoreVert from '@mui/icons-material/MoreVert';
import Search from '@mui/icons-material/Search';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, type IamUser } from '@portal/shared';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { PasswordConfirmDialog } from '../../components/dialogs/password-confirm-dialog';
import type { ResourceColumn, TableQuery } from '../../components/resource-table/resource-column';
import { ResourceTable } from '../../components/resource-table/resource-table';
import { isApiError } from '../../lib/api/api-error';
import { reportApiError } from '../../lib/api/report-api-error';
import { ConsolePage } from '../../components/console-page';
import { Authorized } from '../../lib/permissions/authorized';
import { usePermissions } from '../../lib/permissions/use-permissions';
import { useSession } from '../../lib/session/use-session';
import { toast } from '../../lib/toast/toast-store';
import { formatDateTime } from '../../lib/format/date-time';
import { useDeleteIamUser, useIamUsers, useLockIamUser } from './iam-api';
import { allowedActions, type IamActionId, type RowAction } from './iam-row-actions';
import { SetPasswordDialog } from './set-password-dialog';

const COMPACT_COLUMNS = new Set(['account', 'isLock', 'actions']);

type Pending = { action: IamActionId; row: IamUser } | null;

/** On a phone the row's actions fold into one menu button, so the row fits the screen. */
function ActionsMenu({
  row,
  actions,
  onRun,
  label,
}: {
  row: IamUser;
  actions: RowAction<IamUser>[];
  onRun: (id: IamActionId) => void;
  label: (id: IamActionId) => string;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (actions.length === 0) return null;
  return (
    <>
      <IconButton
        size="small"
        aria-label={`${label('more' as IamActionId)} ${row.account}`}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid={`iam-more-${row.account}`}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {actions.map((a) => (
          <MenuItem
            key={a.id}
            onClick={() => {
              setAnchor(null);
              onRun(a.id);
            }}
            sx={a.destructive ? { color: 'error.main' } : undefined}
          >
            <ListItemIcon sx={a.destructive ? { color: 'error.main' } : undefined}>{a.icon}</ListItemIcon>
            {label(a.id)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** IAM users of the client: list, search, and the row actions the caller may take (route iam). */
export default function IamListPage() {
  const { t, i18n } = useTranslation(['iam', 'roles']);
  const navigate = useNavigate();
  const { info } = useSession();
  const { authority } = usePermissions();
  const [query, setQuery] = useState<TableQuery>({ page: FIRST_PAGE, limit: DEFAULT_PAGE_SIZE });
  const [search, setSearch] = useState('');
  const [pending, setPending] = useState<Pending>(null);
  const users = useIamUsers({ ...query, search: search.trim() || undefined });
  const lock = useLockIamUser();
  const remove = useDeleteIamUser();
  const ctx = useMemo(() => ({ authority, selfId: info?.id }), [authority, info?.id]);
  // Below lg the full table would scroll sideways: the account cell gathers roles and email, and
  // the dates give way; on a phone the actions fold into a menu.
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('lg'));
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const run = (action: IamActionId, row: IamUser) => {
    if (action === 'edit') navigate(`/editIAM/${encodeURIComponent(row.id)}`);
    else setPending({ action, row });
  };
  const close = () => setPending(null);

  const columns = useMemo<ResourceColumn<IamUser>[]>(
    () =>
      (
        [
          {
            id: 'account',
            header: t('fields.account'),
            sortable: true,
            cell: (row) =>
              compact ? (
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
                    {row.account}
                  </Typography>
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    sx={{ display: 'block', wordBreak: 'break-all' }}
                  >
                    {row.email || '—'}
                  </Typography>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                    {row.roles.map((r) => (
                      <Chip key={r} size="small" label={t(`roles:names.${r}`, { defaultValue: r })} />
                    ))}
                  </Box>
                </Box>
              ) : (
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {row.account}
                </Typography>
              ),
          },
          {
            id: 'roles',
            header: t('fields.roles'),
            cell: (row) => (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, minWidth: 160 }}>
                {row.roles.map((r) => (
                  <Chip key={r} size="small" label={t(`roles:names.${r}`, { defaultValue: r })} />
                ))}
              </Box>
            ),
          },
          {
            id: 'email',
            header: t('fields.email'),
            cell: (row) => <Box sx={{ wordBreak: 'break-all', minWidth: 120 }}>{row.email || '—'}</Box>,
          },
          {
            id: 'lastSetPasswordDate',
            header: t('columns.lastSetPasswordDate'),
            sortable: true,
            cell: (row) => formatDateTime(row.lastSetPasswordDate, i18n.language),
          },
          {
            id: 'lastLoginDate',
            header: t('columns.lastLoginDate'),
            sortable: true,
            cell: (row) => formatDateTime(row.lastLoginDate, i18n.language),
          },
          {
            id: 'enableTwoFactor',
            header: t('columns.enableTwoFactor'),
            cell: (row) => t(row.enableTwoFactor ? 'values.on' : 'values.off'),
          },
          {
            id: 'isLock',
            header: t('fields.status'),
            cell: (row) => (
              <Chip
                size="small"
                color={row.isLock ? 'error' : 'success'}
                variant="outlined"
                label={t(row.isLock ? 'values.locked' : 'values.active')}
                data-testid={`iam-status-${row.account}`}
              />
            ),
          },
          {
            id: 'actions',
            header: t('fields.actions'),
            align: 'right',
            cell: (row) =>
              phone ? (
                <ActionsMenu
                  row={row}
                  actions={allowedActions(row, ctx)}
                  onRun={(id) => run(id, row)}
                  label={(id) => t(`actions.${id}`)}
                />
              ) : (
                <Box sx={{ display: 'flex', justifyContent: 'flex-end', whiteSpace: 'nowrap' }}>
                  {allowedActions(row, ctx).map((a) => (
                    <Tooltip key={a.id} title={t(`actions.${a.id}`)}>
                      <IconButton
                        size="small"
                        color={a.destructive ? 'error' : 'default'}
                        aria-label={`${t(`actions.${a.id}`)} ${row.account}`}
                        onClick={() => run(a.id, row)}
                        data-testid={`iam-${a.id}-${row.account}`}
                      >
                        {a.icon}
                      </IconButton>
                    </Tooltip>
                  ))}
                </Box>
              ),
          },
        ] satisfies ResourceColumn<IamUser>[]
      ).filter((c) => !compact || COMPACT_COLUMNS.has(c.id) || (!phone && c.id === 'lastLoginDate')),
    // run only navigates or sets state; the labels follow the language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language, ctx, compact, phone],
  );

  const confirmLock = () => {
    if (!pending) return;
    const locking = pending.action === 'lock';
    lock.mutate(
      { id: pending.row.id, lock: locking },
      { onSuccess: () => toast.success(locking ? 'iam.toasts.locked' : 'iam.toasts.unlocked') },
    );
    close();
  };

  const confirmDelete = (currentPassword: string) => {
    if (!pending) return;
    remove.mutate(
      { id: pending.row.id, currentPassword },
      {
        onSuccess: () => toast.success('iam.toasts.deleted'),
        onError: (error) => {
          if (isApiError(error)) reportApiError(error);
        },
      },
    );
    close();
  };

  const lockAction = pending?.action === 'lock' || pending?.action === 'unlock' ? pending.action : null;

  return (
    <ConsolePage
      title={t('list.title')}
      subtitle={t('list.subtitle')}
      actions={
        <Authorized authority="iam/user/manage">
          <Button
            component={Link}
            to="/createIAM"
            variant="contained"
            startIcon={<Add />}
            data-testid="iam-create"
          >
            {t('actions.create')}
          </Button>
        </Authorized>
      }
    >
      <Paper variant="outlined">
        <Box sx={{ p: 2, pb: 0 }}>
          <TextField
            size="small"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setQuery((q) => ({ ...q, page: FIRST_PAGE }));
            }}
            placeholder={t('list.search')}
            sx={{ width: { xs: '100%', sm: 320 } }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Search fontSize="small" />
                  </InputAdornment>
                ),
              },
              htmlInput: { 'aria-label': t('list.search'), 'data-testid': 'iam-search', maxLength: 64 },
            }}
          />
        </Box>
        <ResourceTable
          columns={columns}
          rows={users.data?.records ?? []}
          total={users.data?.total ?? 0}
          query={query}
          onQueryChange={setQuery}
          getRowId={(row) => row.id}
          loading={users.isFetching}
          emptyText={t('list.empty')}
          data-testid="iam-table"
        />
      </Paper>

      <ConfirmDialog
        open={lockAction !== null}
        title={lockAction ? t(`dialogs.${lockAction}.title`, { account: pending?.row.account }) : ''}
        body={lockAction ? t(`dialogs.${lockAction}.body`, { account: pending?.row.account }) : ''}
        confirmLabel={lockAction ? t(`actions.${lockAction}`) : undefined}
        destructive={lockAction === 'lock'}
        onConfirm={confirmLock}
        onCancel={close}
      />
      <PasswordConfirmDialog
        open={pending?.action === 'delete'}
        title={t('dialogs.delete.title', { account: pending?.row.account })}
        body={t('dialogs.delete.body', { account: pending?.row.account })}
        confirmLabel={t('actions.delete')}
        onConfirm={confirmDelete}
        onCancel={close}
      />
      <SetPasswordDialog user={pending?.action === 'password' ? pending.row : null} onClose={close} />
    </ConsolePage>
  );
}
