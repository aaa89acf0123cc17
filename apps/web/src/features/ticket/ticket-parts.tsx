import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Ticket } from '@portal/shared';
import { FileChip, type ThreadMessage } from './message-thread';
import { StatusChip } from '../../components/resource-kit/status-chip';
import { ticketStatus } from './ticket-base';

/**
 * The pieces a ticket's page is made of, for the customer's page (/myTicket/{id}) and the staff's
 * (/ops/tickets/{id}) alike: the two differ in their facts and actions, not in how a ticket reads.
 */

/** A titled block of a ticket's page. */
export function PagePaper({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** One labelled fact of the facts grid. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The facts, two columns on a phone and four from the medium width. */
export function FactsGrid({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2 }}>
      {children}
    </Box>
  );
}

/** A ticket's status as declared (ticketStatus), with a test id of the page's own. */
export function TicketStatusChip({ ticket, testId }: { ticket: Ticket; testId?: string }) {
  const { t } = useTranslation('enums');
  return (
    <StatusChip label={ticketStatus.text(ticket, t)} tone={ticketStatus.tone(ticket)} data-testid={testId} />
  );
}

/** The ticket's number and status, with the page's actions beside them (below on a phone). */
export function TicketHeading({
  ticket,
  testIdPrefix,
  actions,
}: {
  ticket: Ticket;
  testIdPrefix: string;
  actions: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        gap: 1.5,
        justifyContent: 'space-between',
        alignItems: { xs: 'flex-start', sm: 'center' },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }} data-testid={`${testIdPrefix}-no`}>
          {ticket.ticketNo}
        </Typography>
        <TicketStatusChip ticket={ticket} testId={`${testIdPrefix}-status`} />
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>
    </Box>
  );
}

type OpenFile = (file: { id: string; name: string }) => void;

/** The description as written, with the files sent with it. */
export function TicketDescription({
  ticket,
  onOpen,
  fileLabel,
  testId,
}: {
  ticket: Pick<Ticket, 'ticketRemark' | 'attachments'>;
  onOpen: OpenFile;
  fileLabel: (file: { name: string }) => string;
  testId?: string;
}) {
  return (
    <>
      <Typography
        variant="body2"
        sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        data-testid={testId}
      >
        {ticket.ticketRemark}
      </Typography>
      {(ticket.attachments ?? []).length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 1.5 }}>
          {ticket.attachments!.map((f) => (
            <FileChip key={f.id} file={f} onOpen={onOpen} label={fileLabel(f)} />
          ))}
        </Box>
      )}
    </>
  );
}

/**
 * The conversation as one side reads it: its own messages on the right. The customer sees the
 * support team as one; staff see who answered.
 */
export function ticketThread(
  ticket: Pick<Ticket, 'responses'>,
  viewer: 'customer' | 'staff',
  t: TFunction,
  date: (iso: string) => string,
): ThreadMessage[] {
  return (ticket.responses ?? []).map((r) => ({
    id: r.id,
    mine: r.author === viewer,
    author:
      r.author === 'customer'
        ? (r.authorName ?? (viewer === 'customer' ? t('ticket:detail.you') : ''))
        : viewer === 'staff'
          ? (r.authorName ?? t('ticket:detail.support'))
          : t('ticket:detail.support'),
    at: date(r.createdAt),
    text: r.text,
    event: t(r.status === 'CLOSE' ? 'ticket:detail.events.close' : 'ticket:detail.events.pickUp'),
    note: t('ticket:detail.statusAfter', { status: t(`enums:ticketStatus.${r.status}`) }),
    files: r.attachments,
  }));
}
