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
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, type IamUser } from '@portal/shared';
import { DownloadButton } from '../../components/download-button';
import { useBulkSelection } from '../../components/resource-kit/bulk-selection';
import type { ResourceColumn, TableQuery } from '../../components/resource-table/resource-column';
import { ResourceTable } from '../../components/resource-table/resource-table';
import { ConsolePage } from '../../components/console-page';
import { exportAllRows } from '../../lib/resource-kit/csv';
import { getPage } from '../../lib/resource-kit/resource-queries';
import { Authorized } from '../../lib/permissions/authorized';
import { usePermissions } from '../../lib/permissions/use-permissions';
import { useSession } from '../../lib/session/use-session';
import { formatDateTime } from '../../lib/format/date-time';
import { iamUsers, useIamUsers } from './iam-api';
import { iamCsvColumns } from './iam-csv';
import { type IamAction, allowedActions, iamActions, iamUserList } from './iam-row-actions';

const COMPACT_COLUMNS = new Set(['__select', 'account', 'isLock', 'actions']);
const NO_USERS: IamUser[] = [];

/** On a phone the row's actions fold into one menu button, so the row fits the screen. */
function ActionsMenu({
  row,
  actions,
  onRun,
  label,
}: {
  row: IamUser;
  actions: IamAction[];
  onRun: (action: IamAction) => void;
  label: (id: string) => string;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (actions.length === 0) return null;
  return (
    <>
      <IconButton
        size="small"
        aria-label={`${label('more')} ${row.account}`}
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
              onRun(a);
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

/**
 * IAM users of the client (route iam): list, search, the row actions the caller may take, the
 * same on a selection where they make sense on many, and CSV of the searched list.
 */
export default function IamListPage() {
  const { t, i18n } = useTranslation(['iam', 'roles', 'resource']);
  const { info } = useSession();
  const { authority } = usePermissions();
  const [query, setQuery] = useState<TableQuery>({ page: FIRST_PAGE, limit: DEFAULT_PAGE_SIZE });
  const [search, setSearch] = useState('');
  const users = useIamUsers({ ...query, search: search.trim() || undefined });
  const rows = users.data?.records ?? NO_USERS;
  const ctx = useMemo(() => ({ authority, selfId: info?.id }), [authority, info?.id]);
  const actions = useMemo(() => iamActions(ctx), [ctx]);
  const selection = useBulkSelection(iamUserList, rows, { actions, csv: () => iamCsvColumns(t) });
  // Below lg the full table would scroll sideways: the account cell gathers roles and email, and
  // the dates give way; on a phone the actions fold into a menu.
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('lg'));
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const run = (action: IamAction, row: IamUser) => selection.runner.start(action, [row]);
  const exportCsv = () =>
    exportAllRows(iamUserList.name, iamCsvColumns(t), (page, limit) =>
      getPage<IamUser>(iamUsers.base, {
        page,
        limit,
        sort: query.sort,
        orderby: query.orderby,
        search: search.trim() || undefined,
      }),
    );

  const columns = useMemo<ResourceColumn<IamUser>[]>(
    () =>
      (
        [
          selection.column,
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
                  actions={allowedActions(row, ctx, actions)}
                  onRun={(a) => run(a, row)}
                  label={(id) => t(`actions.${id}`)}
                />
              ) : (
                <Box sx={{ display: 'flex', justifyContent: 'flex-end', whiteSpace: 'nowrap' }}>
                  {allowedActions(row, ctx, actions).map((a) => (
                    <Tooltip key={a.id} title={t(`actions.${a.id}`)}>
                      <IconButton
                        size="small"
                        color={a.destructive ? 'error' : 'default'}
                        aria-label={`${t(`actions.${a.id}`)} ${row.account}`}
                        onClick={() => run(a, row)}
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
    // run only navigates or opens a dialog; the labels follow the language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language, ctx, actions, compact, phone, selection.column],
  );

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
        <Box sx={{ p: 2, pb: 1, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
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
          <Box sx={{ flex: 1 }} />
          <DownloadButton download={exportCsv} testId="iam-export">
            {t('resource:list.export')}
          </DownloadButton>
        </Box>
        {selection.bar}
        {selection.wrap(
          <ResourceTable
            columns={columns}
            rows={rows}
            total={users.data?.total ?? 0}
            query={query}
            onQueryChange={setQuery}
            getRowId={(row) => row.id}
            loading={users.isFetching}
            emptyText={t('list.empty')}
            data-testid="iam-table"
          />,
        )}
      </Paper>
      {selection.runner.element}
    </ConsolePage>
  );
}
