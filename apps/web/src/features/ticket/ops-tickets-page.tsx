import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { enumValues, TicketStatus, type OpsTicket } from '@portal/shared';
import type { Paged } from '../../lib/api/resource';
import { TicketStatusChip } from './ticket-parts';
import { opsToken, OpsListPagination, useOpsListParams, OpsEmptyRow } from '../ops';
import { opsTicketApi } from './ops-ticket-api';

const OPEN = 'open';
const hideOnPhone = { display: { xs: 'none', sm: 'table-cell' } };
const hideBelowMd = { display: { xs: 'none', md: 'table-cell' } };

/**
 * /ops/tickets: every customer's support tickets. The open ones by default (or one status), the
 * one unchanged longest first, paged on the server; search by ticket, client number or company.
 * The choices live in the address, so Back and reload keep them.
 */
export default function OpsTicketsPage() {
  const { t, i18n } = useTranslation(['ticket', 'enums']);
  const list = useOpsListParams(20);
  const { params, search, page, limit, typed, setTyped, change } = list;
  const status = params.get('status') ?? OPEN;
  const orderby = params.get('orderby') === 'desc' ? 'desc' : 'asc';
  const [data, setData] = useState<Paged<OpsTicket> | null>(null);
  const signedIn = Boolean(opsToken.get());

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    opsTicketApi
      .tickets({
        status: status === OPEN ? undefined : (status as TicketStatus),
        search: search || undefined,
        page,
        limit,
        orderby,
      })
      .then(
        (answer) => live && setData(answer),
        () => live && setData({ records: [], total: 0, page, limit }),
      );
    return () => {
      live = false;
    };
  }, [signedIn, status, search, page, limit, orderby]);

  if (!signedIn) return <Navigate to="/ops/login" replace />;
  const date = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  const rows = data?.records;

  return (
    <Box
      sx={{ maxWidth: 1280, mx: 'auto', px: { xs: 2, md: 3 }, py: { xs: 3, md: 5 } }}
      data-testid="ops-tickets-page"
    >
      <Typography
        variant="h4"
        component="h1"
        sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', sm: '2.125rem' } }}
      >
        {t('ops.list.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('ops.list.subtitle')}
      </Typography>
      <Tabs
        value={status}
        onChange={(_, v: string) => change({ status: v === OPEN ? null : v, page: null })}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        <Tab value={OPEN} label={t('ops.list.open')} data-testid="ops-tickets-tab-open" />
        {enumValues(TicketStatus).map((s) => (
          <Tab key={s} value={s} label={t(`enums:ticketStatus.${s}`)} data-testid={`ops-tickets-tab-${s}`} />
        ))}
      </Tabs>
      <Box sx={{ display: 'flex', gap: 2, mb: 2, flexDirection: { xs: 'column', sm: 'row' } }}>
        <TextField
          size="small"
          label={t('ops.list.search')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          sx={{ width: { xs: '100%', sm: 420 } }}
          slotProps={{ htmlInput: { 'data-testid': 'ops-tickets-search', maxLength: 64 } }}
        />
        <TextField
          select
          size="small"
          label={t('ops.list.sort')}
          value={orderby}
          onChange={(e) => change({ orderby: e.target.value === 'desc' ? 'desc' : null, page: null })}
          sx={{ width: { xs: '100%', sm: 240 } }}
        >
          <MenuItem value="asc">{t('ops.list.oldestFirst')}</MenuItem>
          <MenuItem value="desc">{t('ops.list.newestFirst')}</MenuItem>
        </TextField>
      </Box>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('fields.ticketNo')}</TableCell>
              <TableCell>{t('ops.fields.customer')}</TableCell>
              <TableCell sx={hideBelowMd}>{t('fields.ticketCode')}</TableCell>
              <TableCell>{t('fields.status')}</TableCell>
              <TableCell sx={hideBelowMd}>{t('ops.fields.assignee')}</TableCell>
              <TableCell sx={hideOnPhone}>{t('fields.updateDate')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows?.map((r) => (
              <TableRow key={r.uuid} hover data-testid="ops-ticket-row" data-ticket-no={r.ticketNo}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Link
                    component={RouterLink}
                    to={`/ops/tickets/${r.uuid}`}
                    data-testid={`ops-ticket-link-${r.uuid}`}
                  >
                    {r.ticketNo}
                  </Link>
                </TableCell>
                <TableCell sx={{ minWidth: 0 }}>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {r.companyName}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {r.clientNumber}
                  </Typography>
                </TableCell>
                <TableCell sx={hideBelowMd}>{t(`enums:ticketCategory.${r.ticketCode}`)}</TableCell>
                <TableCell>
                  <TicketStatusChip status={r.status} />
                </TableCell>
                <TableCell sx={{ ...hideBelowMd, overflowWrap: 'anywhere' }}>
                  {r.assignee ?? t('ops.values.unassigned')}
                </TableCell>
                <TableCell sx={{ ...hideOnPhone, whiteSpace: 'nowrap' }}>{date(r.updateDate)}</TableCell>
              </TableRow>
            ))}
            {rows?.length === 0 && <OpsEmptyRow columns={6} text={t('ops.list.empty')} />}
          </TableBody>
        </Table>
        <OpsListPagination
          list={list}
          total={data?.total}
          totalLabel={(count) => t('ops.list.total', { count })}
          perPageLabel={t('ops.list.perPage')}
        />
      </TableContainer>
    </Box>
  );
}
