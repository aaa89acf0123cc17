import { type ReactNode, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  TICKET_TEXT_MAX,
  TicketStatus,
  canCloseTicket,
  canPickUpTicket,
  canReplyTicket,
  type OpsTicket,
} from '@portal/shared';
import { MessageThread } from './message-thread';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { isApiError } from '../../lib/api/api-error';
import { showToast } from '../../lib/toast/toast-store';
import { opsToken } from '../ops';
import { opsTicketApi } from './ops-ticket-api';
import { Fact, FactsGrid, PagePaper, TicketDescription, TicketHeading, ticketThread } from './ticket-parts';
import { ContactFacts } from './ticket-contact-facts';
import { targetText } from './ticket-text';
import { TicketFilesField, useTicketDraft } from './ticket-draft';
import { BackLink } from '../../components/back-link';
import { OpsPage } from '../../components/ops-page';

type AnswerStatus = typeof TicketStatus.PROCESS | typeof TicketStatus.WAITING;

/**
 * /ops/tickets/{id}: a customer's ticket for staff: who and what it is about, the conversation,
 * Pick up (a new ticket), an answer that leaves it in progress or waiting for the customer, and
 * Close. Each is mailed to the customer in the ticket's language.
 */
export default function OpsTicketPage() {
  const { t, i18n } = useTranslation(['ticket', 'enums', 'validation']);
  const { id = '' } = useParams();
  const [ticket, setTicket] = useState<OpsTicket | null>(null);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [closing, setClosing] = useState(false);
  const draft = useTicketDraft();
  const [status, setStatus] = useState<AnswerStatus>(TicketStatus.WAITING);
  const signedIn = Boolean(opsToken.get());

  useEffect(() => {
    if (!signedIn) return;
    opsTicketApi.ticket(id).then(setTicket, (error: unknown) => {
      if (isApiError(error) && error.status === 404) setMissing(true);
    });
  }, [id, signedIn]);
  if (!signedIn) return <Navigate to="/ops/login" replace />;

  const act = async (work: () => Promise<OpsTicket>, toast: string) => {
    setBusy(true);
    try {
      const next = await work();
      setTicket(next);
      showToast('success', toast, { name: next.ticketNo });
      return true;
    } catch {
      // The api client showed the refusal.
      return false;
    } finally {
      setBusy(false);
    }
  };
  const answer = async () => {
    const message = draft.take();
    if (!message) return;
    const sent = await act(() => opsTicketApi.answer(id, { ...message, status }), 'ticket.ops.toasts.answer');
    if (sent) draft.clear();
  };

  const language = i18n.language;
  const date = (iso: string | null) => (iso ? new Date(iso).toLocaleString(language) : '—');
  const open = (file: { id: string; name: string }) =>
    void opsTicketApi.ticketFile(id, file).catch(() => showToast('error', 'apiError.NOT_FOUND'));
  const fileLabel = (file: { name: string }) => t('files.download', { name: file.name });

  let content: ReactNode = null;
  if (missing) content = <Alert severity="warning">{t('ops.notFound')}</Alert>;
  else if (ticket) {
    const thread = ticketThread(ticket, 'staff', t, date);
    content = (
      <Stack spacing={2}>
        <TicketHeading
          ticket={ticket}
          testIdPrefix="ops-ticket"
          actions={
            <>
              {canPickUpTicket(ticket) === true && (
                <Button
                  variant="contained"
                  disabled={busy}
                  onClick={() => void act(() => opsTicketApi.pickUp(id), 'ticket.ops.toasts.pickUp')}
                  data-testid="ops-ticket-pick-up"
                >
                  {t('ops.actions.pickUp')}
                </Button>
              )}
              {canCloseTicket(ticket) === true && (
                <Button
                  variant="outlined"
                  color="secondary"
                  disabled={busy}
                  onClick={() => setClosing(true)}
                  data-testid="ops-ticket-close"
                >
                  {t('ops.actions.close')}
                </Button>
              )}
            </>
          }
        />
        <PagePaper title={t('detail.facts')}>
          <FactsGrid>
            <Fact label={t('ops.fields.company')}>{ticket.companyName}</Fact>
            <Fact label={t('ops.fields.clientNumber')}>{ticket.clientNumber}</Fact>
            <Fact label={t('fields.ticketCode')}>{t(`enums:ticketCategory.${ticket.ticketCode}`)}</Fact>
            <Fact label={t('fields.target')}>{targetText(ticket, t)}</Fact>
            <ContactFacts ticket={ticket} />
            <Fact label={t('ops.fields.assignee')}>{ticket.assignee ?? t('ops.values.unassigned')}</Fact>
            <Fact label={t('fields.account')}>{ticket.account}</Fact>
            <Fact label={t('fields.createDate')}>{date(ticket.createDate)}</Fact>
            <Fact label={t('fields.updateDate')}>{date(ticket.updateDate)}</Fact>
            <Fact label={t('ops.fields.lang')}>{ticket.lang === 'en' ? 'English' : '繁體中文'}</Fact>
          </FactsGrid>
        </PagePaper>
        <PagePaper title={t('detail.description')}>
          <TicketDescription ticket={ticket} onOpen={open} fileLabel={fileLabel} />
        </PagePaper>
        <PagePaper title={t('detail.conversation')}>
          <MessageThread
            messages={thread}
            onOpenFile={open}
            fileLabel={fileLabel}
            empty={t('detail.noResponses')}
            testId="ops-ticket-thread"
          />
        </PagePaper>
        {canReplyTicket(ticket) === true ? (
          <PagePaper title={t('ops.answer.title')}>
            <Stack spacing={1.5} data-testid="ops-ticket-answer">
              <TextField
                label={t('ops.answer.text')}
                value={draft.text}
                onChange={(e) => draft.setText(e.target.value)}
                multiline
                minRows={4}
                error={draft.problem !== null}
                helperText={
                  draft.problem ? t(draft.problem, { min: 1, max: TICKET_TEXT_MAX }) : t('ops.answer.hint')
                }
                slotProps={{ htmlInput: { 'data-testid': 'ops-ticket-answer-text' } }}
              />
              <Box
                sx={{
                  display: 'flex',
                  flexDirection: { xs: 'column', sm: 'row' },
                  gap: 2,
                  alignItems: { xs: 'stretch', sm: 'flex-start' },
                  justifyContent: 'space-between',
                }}
              >
                <TicketFilesField
                  value={draft.files}
                  onChange={draft.setFiles}
                  upload={(file) => opsTicketApi.uploadTicketFile(id, file)}
                  disabled={busy}
                  testId="ops-ticket-files"
                />
                <Box
                  sx={{ display: 'flex', gap: 1, flexShrink: 0, flexDirection: { xs: 'column', sm: 'row' } }}
                >
                  <TextField
                    select
                    size="small"
                    label={t('ops.answer.status')}
                    value={status}
                    onChange={(e) => setStatus(e.target.value as AnswerStatus)}
                    sx={{ minWidth: 200 }}
                    slotProps={{ htmlInput: { 'data-testid': 'ops-ticket-answer-status' } }}
                  >
                    {[TicketStatus.PROCESS, TicketStatus.WAITING].map((s) => (
                      <MenuItem key={s} value={s} data-testid={`ops-ticket-answer-status-${s}`}>
                        {t(`enums:ticketStatus.${s}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                  <Button
                    variant="contained"
                    disabled={busy}
                    onClick={() => void answer()}
                    data-testid="ops-ticket-answer-send"
                    sx={{ whiteSpace: 'nowrap' }}
                  >
                    {t('ops.answer.send')}
                  </Button>
                </Box>
              </Box>
            </Stack>
          </PagePaper>
        ) : (
          <Alert severity="info">{t('detail.closed', { date: date(ticket.closedAt) })}</Alert>
        )}
        <ConfirmDialog
          open={closing}
          title={t('ops.dialogs.close.title', { name: ticket.ticketNo })}
          body={t('ops.dialogs.close.body')}
          onCancel={() => setClosing(false)}
          onConfirm={() => {
            setClosing(false);
            void act(() => opsTicketApi.closeTicket(id), 'ticket.ops.toasts.close');
          }}
        />
      </Stack>
    );
  }

  return (
    <OpsPage maxWidth={1100} testId="ops-ticket-page">
      <BackLink to="/ops/tickets">{t('ops.actions.back')}</BackLink>
      {content}
    </OpsPage>
  );
}
