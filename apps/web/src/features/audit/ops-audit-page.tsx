import { useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, STAFF_AUDIT_ACTIONS, type StaffAuditRecord } from '@portal/shared';
import type { ResourceColumn, TableQuery } from '../../components/resource-table/resource-column';
import { ResourceTable } from '../../components/resource-table/resource-table';
import { DateRangeFields, rangeProblem } from '../../components/form/date-range-fields';
import type { Paged } from '../../lib/api/resource';
import { opsToken } from '../ops';
import { opsAuditApi } from './ops-audit-api';
import { staffAuditParams, type StaffAuditFilters } from './ops-audit-query';

const formatTime = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));

/** /ops/audit: what staff did (sign-ins, decisions, links), newest first, by action and day. */
export default function OpsAuditPage() {
  const { t, i18n } = useTranslation(['ops', 'audit']);
  const signedIn = Boolean(opsToken.get());
  const [query, setQuery] = useState<TableQuery>({ page: FIRST_PAGE, limit: DEFAULT_PAGE_SIZE });
  const [filters, setFilters] = useState<StaffAuditFilters>({ action: '', fromDay: '', toDay: '' });
  const [data, setData] = useState<Paged<StaffAuditRecord> | null>(null);
  const [loading, setLoading] = useState(false);

  const rangeOk = rangeProblem(filters.fromDay, filters.toDay) === null;
  useEffect(() => {
    // A range out of order is said under "to" and not asked for: the server would refuse it.
    if (!signedIn || !rangeOk) return;
    let current = true;
    setLoading(true);
    opsAuditApi
      .audit(staffAuditParams(query, filters))
      .then((page) => current && setData(page))
      .catch(() => undefined)
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [signedIn, rangeOk, query, filters]);

  const filter = (change: Partial<StaffAuditFilters>) => {
    setFilters((f) => ({ ...f, ...change }));
    setQuery((q) => ({ ...q, page: FIRST_PAGE }));
  };

  const columns = useMemo<ResourceColumn<StaffAuditRecord>[]>(
    () => [
      {
        id: 'at',
        header: t('audit.fields.at'),
        sortable: true,
        cell: (r) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatTime(r.at, i18n.language)}</Box>,
      },
      {
        id: 'staffEmail',
        header: t('audit.fields.staff'),
        sortable: true,
        cell: (r) => <Box sx={{ minWidth: 160, overflowWrap: 'anywhere' }}>{r.staffEmail}</Box>,
      },
      {
        id: 'action',
        header: t('audit.fields.action'),
        sortable: true,
        cell: (r) => <span data-testid="ops-audit-action">{t(`audit.actions.${r.action}`)}</span>,
      },
      {
        id: 'application',
        header: t('audit.fields.application'),
        cell: (r) =>
          r.applicationId ? (
            <Link
              component={RouterLink}
              to={`/ops/applications/${r.applicationId}`}
              sx={{ wordBreak: 'break-all' }}
            >
              {typeof r.detail.email === 'string' ? r.detail.email : r.applicationId.slice(0, 8)}
            </Link>
          ) : (
            '—'
          ),
      },
      {
        id: 'outcome',
        header: t('audit.fields.outcome'),
        sortable: true,
        cell: (r) => (
          <Chip
            size="small"
            variant="outlined"
            color={r.outcome === 'success' ? 'success' : 'error'}
            label={t(`audit:outcomes.${r.outcome}`)}
            data-testid="ops-audit-outcome"
            data-outcome={r.outcome}
          />
        ),
      },
      {
        id: 'detail',
        header: t('audit.fields.detail'),
        cell: (r) => (
          <Typography variant="body2" color="text.secondary" sx={{ minWidth: 160, wordBreak: 'break-word' }}>
            {[
              r.detail.clientNumber
                ? t('audit.clientNumber', { clientNumber: String(r.detail.clientNumber) })
                : '',
              typeof r.detail.reason === 'string' ? t('audit.reason', { reason: r.detail.reason }) : '',
              typeof r.detail.title === 'string' ? t('audit.announcement', { title: r.detail.title }) : '',
              typeof r.detail.error === 'string'
                ? t(`apiError:${r.detail.error}`, { defaultValue: r.detail.error })
                : '',
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        ),
      },
      { id: 'ip', header: t('audit.fields.ip') },
    ],
    [t, i18n.language],
  );

  if (!signedIn) return <Navigate to="/ops/login" replace />;
  return (
    <Box
      sx={{ maxWidth: 1400, mx: 'auto', px: { xs: 2, md: 3 }, py: { xs: 3, md: 5 } }}
      data-testid="ops-audit-page"
    >
      <Typography
        variant="h4"
        component="h1"
        sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', sm: '2.125rem' } }}
      >
        {t('audit.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('audit.subtitle')}
      </Typography>
      <Paper variant="outlined">
        <Box
          sx={{
            p: 2,
            pb: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          <TextField
            select
            size="small"
            label={t('audit.filters.action')}
            value={filters.action}
            onChange={(e) => filter({ action: e.target.value as StaffAuditFilters['action'] })}
            slotProps={{
              select: {
                displayEmpty: true,
                SelectDisplayProps: { 'data-testid': 'ops-audit-filter-action' } as object,
              },
              inputLabel: { shrink: true },
            }}
          >
            <MenuItem value="">{t('audit.filters.allActions')}</MenuItem>
            {STAFF_AUDIT_ACTIONS.map((a) => (
              <MenuItem key={a} value={a} data-testid={`ops-audit-action-option-${a}`}>
                {t(`audit.actions.${a}`)}
              </MenuItem>
            ))}
          </TextField>
          <DateRangeFields
            type="date"
            from={filters.fromDay}
            to={filters.toDay}
            labels={{ from: t('audit.filters.from'), to: t('audit.filters.to') }}
            onFromChange={(fromDay) => filter({ fromDay })}
            onToChange={(toDay) => filter({ toDay })}
            testIdPrefix="ops-audit-filter"
          />
        </Box>
        <ResourceTable
          columns={columns}
          rows={data?.records ?? []}
          total={data?.total ?? 0}
          query={query}
          onQueryChange={setQuery}
          getRowId={(r) => r.id}
          loading={loading}
          emptyText={t('audit.empty')}
          data-testid="ops-audit-table"
        />
      </Paper>
    </Box>
  );
}
