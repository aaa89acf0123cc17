import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, type AuditRecord } from '@portal/shared';
import type { FilterOption, ListDefinition } from '../../lib/resource-kit/definition';
import { useSession } from '../../lib/session/use-session';
import { useAuditUsers } from './audit-api';
import { auditActor, auditLogList } from './audit-csv';
import { auditDetailText } from './audit-detail';

/** A row's resource, clicked: the log narrowed to that resource's entries. */
export type OnTarget = (targetType: string, targetId: string) => void;

const formatTime = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));
const actionLabel = (a: string, t: TFunction) => t(`actions.${a}`, { defaultValue: a });
const typeLabel = (type: string, t: TFunction) => t(`targetTypes.${type}`, { defaultValue: type });

/** Everyone the user filter offers: the signed-in user first, then the client's IAM users. */
function usePeople(): FilterOption[] {
  const { info } = useSession();
  const users = useAuditUsers();
  return [
    ...(info ? [{ value: info.id, label: info.account }] : []),
    ...(users.data?.records ?? [])
      .filter((u) => u.id !== info?.id)
      .map((u) => ({ value: u.id, label: u.account })),
  ];
}

function Target({ r, t, onTarget }: { r: AuditRecord; t: TFunction; onTarget: OnTarget }) {
  if (!r.targetType) return null;
  const type = r.targetType;
  return (
    <Link
      component="button"
      type="button"
      variant="body2"
      onClick={() => onTarget(type, r.targetId ?? '')}
      aria-label={t('filterByTarget', { type: typeLabel(type, t), id: r.targetId ?? '' })}
      sx={{ textAlign: 'left', wordBreak: 'break-all' }}
      data-testid="audit-target"
    >
      {typeLabel(type, t)}
      {r.targetId && (
        <Box component="span" sx={{ display: 'block', fontFamily: 'monospace', fontSize: '0.8rem' }}>
          {r.targetId}
        </Box>
      )}
    </Link>
  );
}

const Outcome = ({ r, t }: { r: AuditRecord; t: TFunction }) => (
  <Chip
    size="small"
    variant="outlined"
    color={r.outcome === 'success' ? 'success' : 'error'}
    label={t(`outcomes.${r.outcome}`)}
  />
);

/** The details in words; the resource has a column of its own, an entry without a type shows its id here. */
const detailOf = (r: AuditRecord, t: TFunction) =>
  auditDetailText(
    {
      ...(r.detail.targetAccount === undefined && r.targetId && !r.targetType
        ? { targetId: r.targetId }
        : {}),
      ...r.detail,
    },
    t,
  );

/**
 * The audit log as the kit's list (route auditLog): filtered by user, action, resource and time,
 * in the address, so a resource's page links to its trail (`?targetType=vm&targetId=…`); on a
 * phone each entry is one stacked cell.
 */
export const auditList = (onTarget: OnTarget): ListDefinition<AuditRecord> => ({
  ...auditLogList,
  filters: [
    {
      id: 'userId',
      label: 'filters.user',
      all: 'filters.allUsers',
      useOptions: usePeople,
      testId: 'audit-filter-user',
    },
    {
      id: 'action',
      label: 'filters.action',
      all: 'filters.allActions',
      options: (t) => AUDIT_ACTIONS.map((a) => ({ value: a, label: actionLabel(a, t) })),
    },
    {
      id: 'targetType',
      label: 'filters.targetType',
      all: 'filters.allTargetTypes',
      options: (t) => AUDIT_TARGET_TYPES.map((type) => ({ value: type, label: typeLabel(type, t) })),
      testId: 'audit-filter-target-type',
    },
    {
      id: 'targetId',
      kind: 'text',
      label: 'filters.targetId',
      placeholder: 'filters.targetIdHelp',
      testId: 'audit-filter-target-id',
    },
    {
      id: 'range',
      kind: 'range',
      type: 'datetime-local',
      labels: { from: 'filters.from', to: 'filters.to' },
    },
  ],
  columns: [
    {
      id: 'entry',
      phone: 'only',
      cell: (r, { t, language }) => (
        <Stack spacing={0.5}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {actionLabel(r.action, t)}
            </Typography>
            <Outcome r={r} t={t} />
          </Box>
          <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
            {auditActor(r, t)} · {r.ip}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {formatTime(r.at, language)}
          </Typography>
          <Target r={r} t={t} onTarget={onTarget} />
          {Object.keys(r.detail).length > 0 && (
            <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
              {detailOf(r, t)}
            </Typography>
          )}
        </Stack>
      ),
    },
    { id: 'at', nowrap: true, cell: (r, { language }) => formatTime(r.at, language) },
    { id: 'account', cell: (r, { t }) => auditActor(r, t) },
    { id: 'action', cell: (r, { t }) => <Box sx={{ minWidth: 120 }}>{actionLabel(r.action, t)}</Box> },
    { id: 'target', cell: (r, { t }) => <Target r={r} t={t} onTarget={onTarget} /> },
    { id: 'outcome', cell: (r, { t }) => <Outcome r={r} t={t} /> },
    { id: 'ip' },
    {
      id: 'detail',
      cell: (r, { t }) => (
        <Typography variant="body2" color="text.secondary" sx={{ minWidth: 200, wordBreak: 'break-word' }}>
          {detailOf(r, t)}
        </Typography>
      ),
    },
  ],
});
