import { useCallback, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SUSPEND_REASON_MAX, type OpsClient } from '@portal/shared';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import type { Paged } from '../../lib/api/resource';
import { formatDateTime } from '../../lib/format/date-time';
import { toast } from '../../lib/toast/toast-store';
import { opsToken, OpsListPagination, useOpsListParams, OpsEmptyRow } from '../ops';
import { opsClientsApi } from './ops-clients-api';
import { OpsReasonDialog } from './ops-reason-dialog';

const DEFAULT_LIMIT = 20;
const hideOnPhone = { display: { xs: 'none', sm: 'table-cell' } };

/**
 * /ops/clients: every customer, newest first, paged on the server; search by client number or
 * company name. Staff suspend a customer's service with a reason (its users cannot sign in, their
 * sessions end) and lift it. The search and page live in the address.
 */
export default function OpsClientsPage() {
  const { t, i18n } = useTranslation(['ops', 'common']);
  const list = useOpsListParams(DEFAULT_LIMIT);
  const { search, page, limit, typed, setTyped } = list;
  const [data, setData] = useState<Paged<OpsClient> | null>(null);
  const [suspending, setSuspending] = useState<OpsClient | null>(null);
  const [resuming, setResuming] = useState<OpsClient | null>(null);
  const signedIn = Boolean(opsToken.get());

  const load = useCallback(
    (isLive: () => boolean = () => true) =>
      opsClientsApi.clients({ search: search || undefined, page, limit }).then(
        (answer) => isLive() && setData(answer),
        () => isLive() && setData({ records: [], total: 0, page, limit }),
      ),
    [search, page, limit],
  );
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    void load(() => live);
    return () => {
      live = false;
    };
  }, [signedIn, load]);

  if (!signedIn) return <Navigate to="/ops/login" replace />;
  const when = (iso: string) => formatDateTime(iso, i18n.language);

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast.success(done);
    } catch {
      // Toasted by the API client.
    }
    await load();
  };
  const suspend = (client: OpsClient, reason: string) => {
    setSuspending(null);
    void act(() => opsClientsApi.suspendClient(client.id, reason), 'ops:clients.suspended');
  };
  const resume = () => {
    const client = resuming;
    setResuming(null);
    if (client) void act(() => opsClientsApi.resumeClient(client.id), 'ops:clients.resumed');
  };
  const rows = data?.records;

  return (
    <Box
      sx={{ maxWidth: 1280, mx: 'auto', px: { xs: 2, md: 3 }, py: { xs: 3, md: 5 } }}
      data-testid="ops-clients-page"
    >
      <Typography
        variant="h4"
        component="h1"
        sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', sm: '2.125rem' } }}
      >
        {t('clients.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('clients.subtitle')}
      </Typography>
      <TextField
        size="small"
        label={t('clients.search')}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        sx={{ width: { xs: '100%', sm: 420 }, mb: 2 }}
        slotProps={{ htmlInput: { 'data-testid': 'ops-clients-search', maxLength: 64 } }}
      />
      <TableContainer component={Paper} variant="outlined">
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('clients.fields.customer')}</TableCell>
              <TableCell sx={hideOnPhone}>{t('clients.fields.createdAt')}</TableCell>
              <TableCell>{t('clients.fields.service')}</TableCell>
              <TableCell align="right">{t('clients.fields.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows?.map((c) => (
              <TableRow
                key={c.id}
                hover
                data-testid="ops-client-row"
                data-client-number={c.clientNumber}
                data-suspended={c.suspendedAt !== null}
              >
                <TableCell sx={{ minWidth: 0 }}>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {c.companyName}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {c.clientNumber}
                  </Typography>
                </TableCell>
                <TableCell sx={{ ...hideOnPhone, whiteSpace: 'nowrap' }}>{when(c.createdAt)}</TableCell>
                <TableCell sx={{ minWidth: 0 }}>
                  {c.suspendedAt === null ? (
                    <Chip size="small" color="success" label={t('clients.inService')} />
                  ) : (
                    <>
                      <Chip size="small" color="error" label={t('clients.suspendedChip')} />
                      <Typography variant="caption" component="p" sx={{ mt: 0.5 }}>
                        {t('clients.suspendedSince', { at: when(c.suspendedAt) })}
                      </Typography>
                      <Typography
                        variant="caption"
                        component="p"
                        color="text.secondary"
                        sx={{ overflowWrap: 'anywhere' }}
                        data-testid="ops-client-reason"
                      >
                        {c.suspendedReason}
                      </Typography>
                    </>
                  )}
                </TableCell>
                <TableCell align="right">
                  {c.suspendedAt === null ? (
                    <Button
                      size="small"
                      color="error"
                      onClick={() => setSuspending(c)}
                      data-testid={`ops-client-suspend-${c.clientNumber}`}
                    >
                      {t('clients.suspend')}
                    </Button>
                  ) : (
                    <Button
                      size="small"
                      onClick={() => setResuming(c)}
                      data-testid={`ops-client-resume-${c.clientNumber}`}
                    >
                      {t('clients.resume')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
            {rows?.length === 0 && <OpsEmptyRow columns={4} text={t('clients.empty')} />}
          </TableBody>
        </Table>
        <OpsListPagination
          list={list}
          total={data?.total}
          totalLabel={(count) => t('clients.total', { count })}
          perPageLabel={t('clients.perPage')}
        />
      </TableContainer>
      <OpsReasonDialog
        open={suspending !== null}
        title={t('clients.suspendTitle', { company: suspending?.companyName ?? '' })}
        text={t('clients.suspendText')}
        label={t('clients.reasonLabel')}
        confirmLabel={t('clients.suspend')}
        maxLength={SUSPEND_REASON_MAX}
        testId="ops-suspend"
        onCancel={() => setSuspending(null)}
        onConfirm={(reason) => suspending && suspend(suspending, reason)}
      />
      <ConfirmDialog
        open={resuming !== null}
        title={t('clients.resumeTitle')}
        body={t('clients.resumeBody', { company: resuming?.companyName ?? '' })}
        confirmLabel={t('clients.resume')}
        onConfirm={resume}
        onCancel={() => setResuming(null)}
      />
    </Box>
  );
}
