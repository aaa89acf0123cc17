import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import type { IamUser } from '@portal/shared';
import type { ListDefinition } from '../../lib/resource-kit/definition';
import { formatDateTime } from '../../lib/format/date-time';
import { type RowContext, iamActions, iamUserList } from './iam-row-actions';

function Roles({ user, t }: { user: IamUser; t: TFunction }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, minWidth: 160 }}>
      {user.roles.map((r) => (
        <Chip key={r} size="small" label={t(`roles:names.${r}`, { defaultValue: r })} />
      ))}
    </Box>
  );
}

/**
 * The IAM users as the kit's list (route iam): searched and sorted on the server, the row's
 * actions the caller may take, the same on a selection where they make sense on many. Below
 * 1,200 px the account gathers the roles and the email, and the dates give way.
 */
export const iamList = (ctx: RowContext): ListDefinition<IamUser> => ({
  ...iamUserList,
  // The row's buttons are known by the account (iam-lock-<account>).
  testKey: (u) => u.account,
  search: true,
  actions: iamActions(ctx),
  columns: [
    {
      id: 'account',
      sortable: true,
      phone: true,
      cell: (u, { t, compact }) =>
        compact ? (
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
              {u.account}
            </Typography>
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ display: 'block', wordBreak: 'break-all' }}
            >
              {u.email || '—'}
            </Typography>
            <Box sx={{ mt: 0.5 }}>
              <Roles user={u} t={t} />
            </Box>
          </Box>
        ) : (
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {u.account}
          </Typography>
        ),
    },
    { id: 'roles', from: 'lg', cell: (u, { t }) => <Roles user={u} t={t} /> },
    {
      id: 'email',
      from: 'lg',
      cell: (u) => <Box sx={{ wordBreak: 'break-all', minWidth: 120 }}>{u.email || '—'}</Box>,
    },
    {
      id: 'lastSetPasswordDate',
      label: 'columns.lastSetPasswordDate',
      sortable: true,
      from: 'lg',
      cell: (u, { language }) => formatDateTime(u.lastSetPasswordDate, language),
    },
    {
      id: 'lastLoginDate',
      label: 'columns.lastLoginDate',
      sortable: true,
      cell: (u, { language }) => formatDateTime(u.lastLoginDate, language),
    },
    {
      id: 'enableTwoFactor',
      label: 'columns.enableTwoFactor',
      from: 'lg',
      cell: (u, { t }) => t(u.enableTwoFactor ? 'values.on' : 'values.off'),
    },
    {
      id: 'isLock',
      label: 'fields.status',
      phone: true,
      cell: (u, { t }) => (
        <Chip
          size="small"
          color={u.isLock ? 'error' : 'success'}
          variant="outlined"
          label={t(u.isLock ? 'values.locked' : 'values.active')}
          data-testid={`iam-status-${u.account}`}
        />
      ),
    },
  ],
});
