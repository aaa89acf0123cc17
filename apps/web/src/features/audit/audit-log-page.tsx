import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  DEFAULT_PAGE_SIZE,
  FIRST_PAGE,
  type AuditRecord,
} from '@portal/shared';
import type { ResourceColumn, TableQuery } from '../../components/resource-table/resource-column';
import { ResourceTable } from '../../components/resource-table/resource-table';
import { useSession } from '../../lib/session/use-session';
import { exportAuditLog, useAuditLog, useAuditUsers, type AuditFilters } from './audit-api';
import { auditCsvColumns, auditLogList } from './audit-csv';
import { AUDIT_DETAIL_NAMESPACES, auditDetailText } from './audit-detail';
import { DownloadButton } from '../../components/download-button';
import { useBulkSelection } from '../../components/resource-kit/bulk-selection';
import { DateRangeFields, rangeProblem } from '../../components/form/date-range-fields';
import { ConsolePage } from '../../components/console-page';

const ALL = '';
const NO_RECORDS: AuditRecord[] = [];

/** A datetime-local value (the reader's time zone) as an ISO time, or undefined. */
const toIso = (local: string) => (local ? new Date(local).toISOString() : undefined);

const formatTime = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));

/**
 * Who did what, when and from where (route auditLog under the account menu, log code 10024): the
 * filtered log as CSV from the server, or the selected entries as CSV.
 */
export default function AuditLogPage() {
  const { t, i18n } = useTranslation([...AUDIT_DETAIL_NAMESPACES, 'resource']);
  const { info } = useSession();
  const [query, setQuery] = useState<TableQuery>({ page: FIRST_PAGE, limit: DEFAULT_PAGE_SIZE });
  const [userId, setUserId] = useState(ALL);
  const [action, setAction] = useState(ALL);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  // The resource filter is in the address, so a resource's page can link to its trail
  // (/auditLog?targetType=vm&targetId=…).
  const [params, setParams] = useSearchParams();
  const targetType = params.get('targetType') ?? ALL;
  const targetId = params.get('targetId') ?? ALL;
  const setTarget = (next: { targetType?: string; targetId?: string }) => {
    setParams(
      (current) => {
        const merged = new URLSearchParams(current);
        for (const [name, value] of Object.entries(next)) {
          if (value) merged.set(name, value);
          else merged.delete(name);
        }
        return merged;
      },
      { replace: true },
    );
    setQuery((q) => ({ ...q, page: FIRST_PAGE }));
  };

  const filters: AuditFilters = useMemo(
    () => ({
      userId: userId || undefined,
      action: action || undefined,
      targetType: targetType || undefined,
      targetId: targetId.trim() || undefined,
      from: toIso(from),
      to: toIso(to),
    }),
    [userId, action, targetType, targetId, from, to],
  );
  const rangeOk = rangeProblem(from, to) === null;
  const log = useAuditLog(query, filters, rangeOk);
  const rows = log.data?.records ?? NO_RECORDS;
  const selection = useBulkSelection(auditLogList, rows, { csv: () => auditCsvColumns(t) });
  const iamUsers = useAuditUsers();
  const people = [
    ...(info ? [{ id: info.id, account: info.account }] : []),
    ...(iamUsers.data?.records ?? []).filter((u) => u.id !== info?.id),
  ];

  const filtered =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setQuery((q) => ({ ...q, page: FIRST_PAGE }));
    };

  const actionLabel = (a: string) => t(`actions.${a}`, { defaultValue: a });
  const typeLabel = (type: string) => t(`targetTypes.${type}`, { defaultValue: type });
  // The resource an entry names, as a link that narrows the log to that resource's entries.
  const targetOf = (r: AuditRecord) =>
    r.targetType && (
      <Link
        component="button"
        type="button"
        variant="body2"
        onClick={() => setTarget({ targetType: r.targetType!, targetId: r.targetId ?? '' })}
        aria-label={t('filterByTarget', { type: typeLabel(r.targetType), id: r.targetId ?? '' })}
        sx={{ textAlign: 'left', wordBreak: 'break-all' }}
        data-testid="audit-target"
      >
        {typeLabel(r.targetType)}
        {r.targetId && (
          <Box component="span" sx={{ display: 'block', fontFamily: 'monospace', fontSize: '0.8rem' }}>
            {r.targetId}
          </Box>
        )}
      </Link>
    );
  // On a phone each entry is one stacked cell rather than a table to scroll sideways.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const outcomeChip = (r: AuditRecord) => (
    <Chip
      size="small"
      variant="outlined"
      color={r.outcome === 'success' ? 'success' : 'error'}
      label={t(`outcomes.${r.outcome}`)}
    />
  );
  // The resource has a column of its own; an entry without a type still shows its id here.
  const detailOf = (r: AuditRecord) =>
    auditDetailText(
      {
        ...(r.detail.targetAccount === undefined && r.targetId && !r.targetType
          ? { targetId: r.targetId }
          : {}),
        ...r.detail,
      },
      t,
    );

  const columns = useMemo<ResourceColumn<AuditRecord>[]>(
    () =>
      phone
        ? [
            selection.column,
            {
              id: 'entry',
              header: t('fields.entry'),
              cell: (r) => (
                <Stack spacing={0.5}>
                  <Box
                    sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}
                  >
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {actionLabel(r.action)}
                    </Typography>
                    {outcomeChip(r)}
                  </Box>
                  <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                    {r.account} · {r.ip}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {formatTime(r.at, i18n.language)}
                  </Typography>
                  {targetOf(r)}
                  {Object.keys(r.detail).length > 0 && (
                    <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                      {detailOf(r)}
                    </Typography>
                  )}
                </Stack>
              ),
            },
          ]
        : [
            selection.column,
            {
              id: 'at',
              header: t('fields.at'),
              cell: (r) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatTime(r.at, i18n.language)}</Box>,
            },
            { id: 'account', header: t('fields.account') },
            {
              id: 'action',
              header: t('fields.action'),
              cell: (r) => <Box sx={{ minWidth: 120 }}>{actionLabel(r.action)}</Box>,
            },
            { id: 'target', header: t('fields.target'), cell: (r) => targetOf(r) },
            { id: 'outcome', header: t('fields.outcome'), cell: outcomeChip },
            { id: 'ip', header: t('fields.ip') },
            {
              id: 'detail',
              header: t('fields.detail'),
              cell: (r) => (
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ minWidth: 200, wordBreak: 'break-word' }}
                >
                  {detailOf(r)}
                </Typography>
              ),
            },
          ],
    // The helpers above read only t and the language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language, phone, setParams, selection.column],
  );

  return (
    <ConsolePage
      title={t('title')}
      subtitle={t('subtitle')}
      actions={
        <DownloadButton download={() => exportAuditLog(filters)} testId="audit-export" disabled={!rangeOk}>
          {t('export')}
        </DownloadButton>
      }
    >
      <Paper variant="outlined">
        <Box
          sx={{
            p: 2,
            pb: 1,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, minmax(0, 1fr))' },
          }}
          data-testid="audit-filters"
        >
          <TextField
            select
            size="small"
            label={t('filters.user')}
            value={userId}
            onChange={(e) => filtered(setUserId)(e.target.value)}
            slotProps={{
              select: { displayEmpty: true },
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': 'audit-filter-user' },
            }}
          >
            <MenuItem value={ALL}>{t('filters.allUsers')}</MenuItem>
            {people.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.account}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('filters.action')}
            value={action}
            onChange={(e) => filtered(setAction)(e.target.value)}
            slotProps={{
              select: { displayEmpty: true },
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': 'audit-filter-action' },
            }}
          >
            <MenuItem value={ALL}>{t('filters.allActions')}</MenuItem>
            {AUDIT_ACTIONS.map((a) => (
              <MenuItem key={a} value={a}>
                {actionLabel(a)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('filters.targetType')}
            value={targetType}
            onChange={(e) => setTarget({ targetType: e.target.value })}
            slotProps={{
              select: { displayEmpty: true },
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': 'audit-filter-target-type' },
            }}
          >
            <MenuItem value={ALL}>{t('filters.allTargetTypes')}</MenuItem>
            {AUDIT_TARGET_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {typeLabel(type)}
              </MenuItem>
            ))}
            {/* A type the list does not know (an older record's) still shows what is filtered. */}
            {targetType && !(AUDIT_TARGET_TYPES as readonly string[]).includes(targetType) && (
              <MenuItem value={targetType}>{targetType}</MenuItem>
            )}
          </TextField>
          <TextField
            size="small"
            label={t('filters.targetId')}
            placeholder={t('filters.targetIdHelp')}
            value={targetId}
            onChange={(e) => setTarget({ targetId: e.target.value })}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': 'audit-filter-target-id' },
            }}
          />
          <DateRangeFields
            type="datetime-local"
            from={from}
            to={to}
            labels={{ from: t('filters.from'), to: t('filters.to') }}
            onFromChange={filtered(setFrom)}
            onToChange={filtered(setTo)}
            testIdPrefix="audit-filter"
          />
        </Box>
        {selection.bar}
        {selection.wrap(
          <ResourceTable
            columns={columns}
            rows={rows}
            total={log.data?.total ?? 0}
            query={query}
            onQueryChange={setQuery}
            getRowId={(r) => r.id}
            loading={log.isFetching}
            emptyText={t('empty')}
            data-testid="audit-table"
          />,
        )}
      </Paper>
    </ConsolePage>
  );
}
