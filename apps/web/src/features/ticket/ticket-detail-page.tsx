import { type ReactNode, useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import Send from '@mui/icons-material/Send';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  TICKET_TEXT_MAX,
  TicketStatus,
  type Ticket,
  canCloseTicket,
  canReplyTicket,
  routePath,
} from '@portal/shared';
import { HeaderRow } from '../../components/header-row';
import { TicketFilesField, useTicketDraft } from './ticket-draft';
import { MessageThread } from './message-thread';
import { OutlinedField } from '../../components/form/outlined-field';
import { useActionRunner } from '../../components/resource-kit/action-runner';
import { RowLink } from '../../components/resource-kit/row-link';
import { PageSpinner } from '../../components/page-spinner';
import { api } from '../../lib/api/api-client';
import { isApiError } from '../../lib/api/api-error';
import { formatDateTime } from '../../lib/format/date-time';
import { usePermissions } from '../../lib/permissions/use-permissions';
import type { ResourceDefinition } from '../../lib/resource-kit/definition';
import { useResourceDetail, useResourceMutation } from '../../lib/resource-kit/resource-queries';
import { toast } from '../../lib/toast/toast-store';
import { ticketBase } from './ticket-base';
import { downloadTicketFile, uploadTicketFile } from './ticket-api';
import { Fact, FactsGrid, PagePaper, TicketDescription, TicketHeading, ticketThread } from './ticket-parts';
import { ContactFacts } from './ticket-contact-facts';
import { targetText } from './ticket-text';
import { BackLink } from '../../components/back-link';

/** How often an open ticket's page asks for a new answer. */
const TICKET_REFRESH_MS = 30_000;

/** The reply box: text and files, sent as one message. */
function ReplyBox({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation(['ticket', 'validation']);
  const draft = useTicketDraft();
  const reply = useResourceMutation(ticketBase, (body: { text: string; attachmentIds: string[] }) =>
    api.post<Ticket>(`/tickets/${encodeURIComponent(ticket.uuid)}/reply`, body),
  );
  const send = () => {
    const message = draft.take();
    if (!message) return;
    reply.mutate(message, {
      onSuccess: () => {
        draft.clear();
        toast.success('ticket.toasts.reply');
      },
    });
  };
  return (
    <Stack spacing={1.5} data-testid="ticket-reply">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {t('detail.reply')}
      </Typography>
      <OutlinedField
        name="text"
        label={t('detail.replyLabel')}
        value={draft.text}
        onChange={(e) => draft.setText(e.target.value)}
        multiline
        minRows={3}
        size="medium"
        error={draft.problem !== null}
        helperText={
          draft.problem ? t(draft.problem, { min: 1, max: TICKET_TEXT_MAX }) : t('detail.replyHint')
        }
        htmlInput={{ 'data-testid': 'ticket-reply-text' }}
      />
      <HeaderRow gap={1} mb={0}>
        <TicketFilesField
          value={draft.files}
          onChange={draft.setFiles}
          upload={uploadTicketFile}
          disabled={reply.isPending}
          testId="ticket-reply-files"
        />
        <Button
          variant="contained"
          startIcon={<Send />}
          onClick={send}
          disabled={reply.isPending}
          data-testid="ticket-reply-send"
          sx={{ flexShrink: 0 }}
        >
          {t('actions.reply')}
        </Button>
      </HeaderRow>
    </Stack>
  );
}

/**
 * A ticket's page (route ticketDetail, /myTicket/{id}): its facts and description, the
 * conversation with the support team, a reply box while it is open, and Close (confirmed).
 */
export function TicketDetailPage({ def }: { def: ResourceDefinition<Ticket> }) {
  const { t, i18n } = useTranslation(['ticket', 'resource', 'enums']);
  const { can } = usePermissions();
  const id = useParams().id;
  const detail = useResourceDetail(def, id);
  const runner = useActionRunner(def);
  const ticket = detail.data;
  const language = i18n.language;
  // Staff answer elsewhere: while the ticket is open the page asks again (quietly, not while the
  // tab is hidden), so an answer shows without a reload.
  const isOpen = ticket !== undefined && ticket.status !== TicketStatus.CLOSE;
  const { refetch } = detail;
  useEffect(() => {
    if (!isOpen) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void refetch();
    }, TICKET_REFRESH_MS);
    return () => clearInterval(timer);
  }, [isOpen, refetch]);
  const open = (file: { id: string; name: string }) =>
    void downloadTicketFile(ticket!.uuid, file).catch(() => undefined);
  const fileLabel = (file: { name: string }) => t('files.download', { name: file.name });
  const manage = can(ticketBase.authority.manage);
  const close = def.actions!.find((a) => a.id === 'close')!;

  let content: ReactNode;
  if (detail.isPending) content = <PageSpinner />;
  else if (!ticket)
    content = (
      <Alert severity="warning" data-testid="ticket-not-found">
        {t(
          isApiError(detail.error) && detail.error.status === 404
            ? 'resource:detail.notFound'
            : 'resource:detail.failed',
        )}
      </Alert>
    );
  else
    content = (
      <Stack spacing={2}>
        <TicketHeading
          ticket={ticket}
          testIdPrefix="ticket"
          actions={
            manage &&
            canCloseTicket(ticket) === true && (
              <Button
                variant="outlined"
                color="secondary"
                startIcon={<CheckCircleOutline />}
                onClick={() => runner.start(close, [ticket])}
                data-testid="ticket-close"
              >
                {t('actions.close')}
              </Button>
            )
          }
        />
        <PagePaper title={t('detail.facts')}>
          <FactsGrid>
            <Fact label={t('fields.ticketCode')}>{t(`enums:ticketCategory.${ticket.ticketCode}`)}</Fact>
            <Fact label={t('fields.target')}>
              {ticket.vmId ? (
                <RowLink to={routePath('vmDetail', { uuid: ticket.vmId })}>{ticket.vmName}</RowLink>
              ) : (
                ticket.vmName
              )}
              {ticket.vmName && ticket.ccisId ? ' · ' : ''}
              {ticket.ccisId ? t('values.contract', { id: ticket.ccisId }) : ''}
              {!ticket.vmName && !ticket.ccisId ? targetText(ticket, t) : ''}
            </Fact>
            <Fact label={t('fields.createDate')}>{formatDateTime(ticket.createDate, language)}</Fact>
            <Fact label={t('fields.updateDate')}>{formatDateTime(ticket.updateDate, language)}</Fact>
            <ContactFacts ticket={ticket} />
            <Fact label={t('fields.account')}>{ticket.account}</Fact>
          </FactsGrid>
        </PagePaper>
        <PagePaper title={t('detail.description')}>
          <TicketDescription ticket={ticket} onOpen={open} fileLabel={fileLabel} testId="ticket-remark" />
        </PagePaper>
        <PagePaper title={t('detail.conversation')}>
          <MessageThread
            messages={ticketThread(ticket, 'customer', t, (iso) => formatDateTime(iso, language))}
            onOpenFile={open}
            fileLabel={fileLabel}
            empty={t('detail.noResponses')}
            testId="ticket-thread"
          />
        </PagePaper>
        {canReplyTicket(ticket) === true ? (
          manage && (
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
              <ReplyBox ticket={ticket} />
            </Paper>
          )
        ) : (
          <Alert severity="info" data-testid="ticket-closed">
            {t('detail.closed', { date: formatDateTime(ticket.closedAt, language) })}
          </Alert>
        )}
      </Stack>
    );

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1100, mx: 'auto' }} data-testid="ticket-detail">
      <BackLink to={routePath('myTicket')}>{t('list.title')}</BackLink>
      {content}
      {runner.element}
    </Box>
  );
}
