import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { Link as RouterLink, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { STAFF_AUDIT_ACTIONS, type StaffAuditRecord } from '@portal/shared';
import { ListView } from '../../components/resource-kit/list-view';
import { type ListDefinition, STAFF_ONLY } from '../../lib/resource-kit/definition';
import { useListControls } from '../../lib/resource-kit/use-list-state';
import { useListPage } from '../../lib/resource-kit/resource-queries';
import { opsToken } from '../ops';
import { opsAuditApi } from './ops-audit-api';
import { staffAuditQuery } from './ops-audit-query';
import { PageTitle } from '../../components/page-title';
import { OpsPage } from '../../components/ops-page';

const formatTime = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));

const Application = ({ r }: { r: StaffAuditRecord }) =>
  r.applicationId ? (
    <Link component={RouterLink} to={`/ops/applications/${r.applicationId}`} sx={{ wordBreak: 'break-all' }}>
      {typeof r.detail.email === 'string' ? r.detail.email : r.applicationId.slice(0, 8)}
    </Link>
  ) : (
    '—'
  );

const Outcome = ({ r, t }: { r: StaffAuditRecord; t: TFunction }) => (
  <Chip
    size="small"
    variant="outlined"
    color={r.outcome === 'success' ? 'success' : 'error'}
    label={t(`audit:outcomes.${r.outcome}`)}
    data-testid="ops-audit-outcome"
    data-outcome={r.outcome}
  />
);

const detailText = (r: StaffAuditRecord, t: TFunction) =>
  [
    r.detail.clientNumber ? t('audit.clientNumber', { clientNumber: String(r.detail.clientNumber) }) : '',
    typeof r.detail.reason === 'string' ? t('audit.reason', { reason: r.detail.reason }) : '',
    typeof r.detail.title === 'string' ? t('audit.announcement', { title: r.detail.title }) : '',
    typeof r.detail.error === 'string'
      ? t(`apiError:${r.detail.error}`, { defaultValue: r.detail.error })
      : '',
  ]
    .filter(Boolean)
    .join(' · ');

/** What staff did, as the kit's list: by action and day, sorted on the server; a phone stacks each entry. */
const staffAuditList: ListDefinition<StaffAuditRecord> = {
  name: 'ops-audit',
  namespace: 'ops',
  base: '/ops/audit',
  id: (r) => r.id,
  title: (r) => `${r.staffEmail} · ${r.action}`,
  authority: { manage: STAFF_ONLY },
  selectable: false,
  filters: [
    {
      id: 'action',
      label: 'audit.filters.action',
      all: 'audit.filters.allActions',
      options: (t) => STAFF_AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`audit.actions.${a}`) })),
    },
    {
      id: 'range',
      kind: 'range',
      type: 'date',
      labels: { from: 'audit.filters.from', to: 'audit.filters.to' },
    },
  ],
  columns: [
    {
      id: 'entry',
      label: 'audit.fields.action',
      phone: 'only',
      cell: (r, { t, language }) => (
        <Stack spacing={0.5}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t(`audit.actions.${r.action}`)}
            </Typography>
            <Outcome r={r} t={t} />
          </Box>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {r.staffEmail} · {r.ip}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {formatTime(r.at, language)}
          </Typography>
          {r.applicationId && <Application r={r} />}
          <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
            {detailText(r, t)}
          </Typography>
        </Stack>
      ),
    },
    {
      id: 'at',
      label: 'audit.fields.at',
      sortable: true,
      nowrap: true,
      cell: (r, { language }) => formatTime(r.at, language),
    },
    {
      id: 'staffEmail',
      label: 'audit.fields.staff',
      sortable: true,
      cell: (r) => <Box sx={{ minWidth: 160, overflowWrap: 'anywhere' }}>{r.staffEmail}</Box>,
    },
    {
      id: 'action',
      label: 'audit.fields.action',
      sortable: true,
      cell: (r, { t }) => <span data-testid="ops-audit-action">{t(`audit.actions.${r.action}`)}</span>,
    },
    { id: 'application', label: 'audit.fields.application', cell: (r) => <Application r={r} /> },
    {
      id: 'outcome',
      label: 'audit.fields.outcome',
      sortable: true,
      cell: (r, { t }) => <Outcome r={r} t={t} />,
    },
    {
      id: 'detail',
      label: 'audit.fields.detail',
      cell: (r, { t }) => (
        <Typography variant="body2" color="text.secondary" sx={{ minWidth: 160, wordBreak: 'break-word' }}>
          {detailText(r, t)}
        </Typography>
      ),
    },
    { id: 'ip', label: 'audit.fields.ip' },
  ],
};

function StaffAudit() {
  const { t } = useTranslation(['ops', 'audit']);
  const controls = useListControls(staffAuditList, { inUrl: true, replace: true });
  // A range out of order is said under "to" and not asked for: the server would refuse it.
  const audit = useListPage(
    ['ops', 'audit'],
    controls.query,
    (q) => opsAuditApi.audit(staffAuditQuery(q)),
    controls.valid,
  );
  return (
    <OpsPage maxWidth={1400} testId="ops-audit-page">
      <PageTitle>{t('audit.title')}</PageTitle>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('audit.subtitle')}
      </Typography>
      <ListView
        def={staffAuditList}
        controls={controls}
        page={audit.data}
        loading={audit.isFetching}
        emptyText={t('audit.empty')}
      />
    </OpsPage>
  );
}

/** /ops/audit: what staff did (sign-ins, decisions, links), newest first, by action and day. */
export default function OpsAuditPage() {
  if (!opsToken.get()) return <Navigate to="/ops/login" replace />;
  return <StaffAudit />;
}
