import type { OpsTicket, OpsTicketAnswer, OpsTicketQuery, TicketAttachment } from '@portal/shared';
import type { Paged } from '../../lib/api/resource';
import { saveBlob } from '../../lib/save-file';
import { opsBlob, opsCall } from '../ops';

/** The staff's side of the support tickets. */
export const opsTicketApi = {
  /** The support tickets' queue: open ones (or one status), longest unchanged first by default. */
  tickets: (query: Partial<OpsTicketQuery>) =>
    opsCall<Paged<OpsTicket>>('GET', '/tickets', { query: { ...query }, track: false }),
  ticket: (id: string) => opsCall<OpsTicket>('GET', `/tickets/${encodeURIComponent(id)}`),
  pickUp: (id: string) => opsCall<OpsTicket>('POST', `/tickets/${encodeURIComponent(id)}/pick-up`),
  answer: (id: string, body: OpsTicketAnswer) =>
    opsCall<OpsTicket>('POST', `/tickets/${encodeURIComponent(id)}/answer`, { body }),
  closeTicket: (id: string) => opsCall<OpsTicket>('POST', `/tickets/${encodeURIComponent(id)}/close`),
  /** A file for an answer to come, checked by its content on the server. */
  uploadTicketFile(id: string, file: File) {
    const form = new FormData();
    form.append('file', file, file.name);
    return opsCall<TicketAttachment>('POST', `/tickets/${encodeURIComponent(id)}/attachments`, {
      body: form,
      track: false,
    });
  },
  /** A file of a ticket's conversation, downloaded with the staff session. */
  async ticketFile(id: string, file: { id: string; name: string }) {
    const path = `/tickets/${encodeURIComponent(id)}/attachments/${encodeURIComponent(file.id)}`;
    saveBlob(file.name, await opsBlob(path));
  },
};
