import { useEffect, useState } from 'react';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { enumValues, RegisterState, type OpsApplicationSummary } from '@portal/shared';
import { opsToken, OpsEmptyRow } from '../ops';
import { opsApplicationsApi } from './ops-applications-api';
import { PageTitle } from '../../components/page-title';
import { OpsPage } from '../../components/ops-page';

/** /ops/applications: registrations by state, newest submissions first. */
export default function OpsApplicationsPage() {
  const { t, i18n } = useTranslation(['ops', 'enums']);
  const [state, setState] = useState<RegisterState>(RegisterState.REGISTER_UNDER_REVIEW);
  const [rows, setRows] = useState<OpsApplicationSummary[] | null>(null);
  const signedIn = Boolean(opsToken.get());
  useEffect(() => {
    if (!signedIn) return;
    setRows(null);
    opsApplicationsApi.list(state).then(setRows, () => setRows([]));
  }, [state, signedIn]);
  if (!signedIn) return <Navigate to="/ops/login" replace />;
  const date = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.language) : '—');
  return (
    <OpsPage testId="ops-applications-page">
      <PageTitle sx={{ mb: 2 }}>{t('list.title')}</PageTitle>
      <Tabs value={state} onChange={(_, v: RegisterState) => setState(v)} variant="scrollable" sx={{ mb: 2 }}>
        {enumValues(RegisterState).map((s) => (
          <Tab key={s} value={s} label={t(`enums:registerState.${s}`)} data-testid={`ops-tab-${s}`} />
        ))}
      </Tabs>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('list.email')}</TableCell>
              <TableCell>{t('list.company')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                {t('list.identityType')}
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {t('list.submittedAt')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows?.map((r) => (
              <TableRow key={r.id} hover data-testid="ops-application-row" data-email={r.email}>
                <TableCell sx={{ wordBreak: 'break-all' }}>
                  <Link component={RouterLink} to={`/ops/applications/${r.id}`}>
                    {r.email}
                  </Link>
                </TableCell>
                <TableCell>{r.companyName ?? '—'}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  {r.identityType ? (
                    <Chip size="small" label={t(`enums:identityType.${r.identityType}`)} />
                  ) : (
                    '—'
                  )}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {date(r.submittedAt)}
                </TableCell>
              </TableRow>
            ))}
            {rows?.length === 0 && <OpsEmptyRow columns={4} text={t('list.empty')} />}
          </TableBody>
        </Table>
      </TableContainer>
    </OpsPage>
  );
}
