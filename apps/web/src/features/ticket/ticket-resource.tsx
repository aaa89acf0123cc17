import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import { type Ticket, canCloseTicket, routePath } from '@portal/shared';
import { nameColumn } from '../../components/resource-kit/name-column';
import { statusColumn, statusFilter } from '../../components/resource-kit/resource-status';
import { formatDateTime } from '../../lib/format/date-time';
import type { ResourceDefinition } from '../../lib/resource-kit/definition';
import { ticketBase, ticketStatus } from './ticket-base';
import { TicketCreateForm } from './ticket-form';
import { TicketDetailPage } from './ticket-detail-page';
import { targetText } from './ticket-text';
import { dateColumn } from '../../components/resource-kit/date-column';

/**
 * Support tickets (routes myTicket, createTicket, ticketDetail; log code 10007): the list with
 * status filter and search, the form, and the ticket's page with its conversation (its own page,
 * not the kit's tabs: a conversation reads top to bottom).
 */
export const ticketResource: ResourceDefinition<Ticket> = {
  ...ticketBase,
  busy: () => false,
  search: true,
  columns: [
    nameColumn({
      id: 'ticketNo',
      sortable: true,
      nowrap: true,
      name: (x) => x.ticketNo,
      link: (x) => ({ to: routePath('ticketDetail', { id: x.uuid }), testId: `ticket-link-${x.uuid}` }),
      caption: (x, { phone, t, language }) =>
        phone && [
          t(`enums:ticketCategory.${x.ticketCode}`),
          targetText(x, t),
          formatDateTime(x.updateDate, language),
        ],
    }),
    {
      id: 'ticketCode',
      cell: (x, { t }) => t(`enums:ticketCategory.${x.ticketCode}`),
      text: (x, { t }) => t(`enums:ticketCategory.${x.ticketCode}`),
    },
    {
      id: 'target',
      cell: (x, { t }) => (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {targetText(x, t)}
        </Typography>
      ),
      text: (x, { t }) => targetText(x, t),
    },
    {
      id: 'ticketRemark',
      from: 'lg',
      cell: (x) => (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          title={x.ticketRemark}
        >
          {x.ticketRemark}
        </Typography>
      ),
      text: (x) => x.ticketRemark,
    },
    statusColumn(ticketStatus, { sortable: true }),
    dateColumn<Ticket>('updateDate'),
    dateColumn<Ticket>('createDate', { from: 'xl' }),
  ],
  filters: [statusFilter(ticketStatus)],
  actions: [
    {
      id: 'close',
      icon: <CheckCircleOutline fontSize="small" />,
      allowed: canCloseTicket,
      confirm: 'confirm',
      bulk: true,
    },
  ],
  createForm: TicketCreateForm,
  extraPages: { ticketDetail: TicketDetail },
};

/** The ticket's page, given this declaration (its Close action). */
function TicketDetail() {
  return <TicketDetailPage def={ticketResource} />;
}
