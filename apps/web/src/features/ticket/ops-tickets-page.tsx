import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OpsTicket, OpsTicketQuery } from '@portal/shared';
import { ListView } from '../../components/resource-kit/list-view';
import { TicketStatusChip } from './ticket-parts';
import { ticketStatus } from './ticket-base';
import { type ListDefinition, STAFF_ONLY } from '../../lib/resource-kit/definition';
import { useListControls } from '../../lib/resource-kit/use-list-state';
import { useListPage } from '../../lib/resource-kit/resource-queries';
import { opsToken } from '../ops';
import { opsTicketApi } from './ops-ticket-api';
import { PageTitle } from '../../components/page-title';
import { OpsPage } from '../../components/ops-page';

/**
 * Every customer's support tickets as the kit's list: the open ones by default (or one status,
 * by tab), the one unchanged longest first (or the newest), paged on the server; search by
 * ticket, client number or company. The choices live in the address, so Back and reload keep them.
 */
const ticketQueue: ListDefinition<OpsTicket> = {
  name: 'ops-tickets',
  namespace: 'ticket',
  base: '/ops/tickets',
  id: (r) => r.uuid,
  title: (r) => r.ticketNo,
  authority: { manage: STAFF_ONLY },
  selectable: false,
  pageSize: 20,
  search: { label: 'ops.list.search' },
  rowAttributes: (r) => ({ 'data-testid': 'ops-ticket-row', 'data-ticket-no': r.ticketNo }),
  filters: [
    {
      id: 'status',
      kind: 'tabs',
      all: 'ops.list.open',
      options: ticketStatus.options,
    },
    {
      // The queue's order by last change, in the address as `orderby` (the API's default first).
      id: 'orderby',
      label: 'ops.list.sort',
      all: false,
      options: (t) => [
        { value: 'asc', label: t('ops.list.oldestFirst') },
        { value: 'desc', label: t('ops.list.newestFirst') },
      ],
    },
  ],
  columns: [
    {
      id: 'ticketNo',
      phone: true,
      nowrap: true,
      cell: (r) => (
        <Link component={RouterLink} to={`/ops/tickets/${r.uuid}`} data-testid={`ops-ticket-link-${r.uuid}`}>
          {r.ticketNo}
        </Link>
      ),
    },
    {
      id: 'customer',
      label: 'ops.fields.customer',
      phone: true,
      cell: (r) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {r.companyName}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {r.clientNumber}
          </Typography>
        </Box>
      ),
    },
    { id: 'ticketCode', from: 'lg', cell: (r, { t }) => t(`enums:ticketCategory.${r.ticketCode}`) },
    { id: 'status', phone: true, cell: (r) => <TicketStatusChip ticket={r} /> },
    {
      id: 'assignee',
      label: 'ops.fields.assignee',
      from: 'lg',
      cell: (r, { t }) => (
        <Box sx={{ overflowWrap: 'anywhere' }}>{r.assignee ?? t('ops.values.unassigned')}</Box>
      ),
    },
    {
      id: 'updateDate',
      nowrap: true,
      cell: (r, { language }) => new Date(r.updateDate).toLocaleString(language),
    },
  ],
};

function TicketQueue() {
  const { t } = useTranslation(['ticket', 'enums']);
  const controls = useListControls(ticketQueue, { inUrl: true, replace: true });
  const tickets = useListPage(['ops', 'tickets'], controls.query, (q) =>
    opsTicketApi.tickets(q as Partial<OpsTicketQuery>),
  );
  return (
    <OpsPage maxWidth={1280} testId="ops-tickets-page">
      <PageTitle>{t('ops.list.title')}</PageTitle>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('ops.list.subtitle')}
      </Typography>
      <ListView
        def={ticketQueue}
        controls={controls}
        page={tickets.data}
        loading={tickets.isFetching}
        emptyText={t('ops.list.empty')}
      />
    </OpsPage>
  );
}

/** /ops/tickets: the support tickets' queue (TicketQueue), for signed-in staff. */
export default function OpsTicketsPage() {
  if (!opsToken.get()) return <Navigate to="/ops/login" replace />;
  return <TicketQueue />;
}
