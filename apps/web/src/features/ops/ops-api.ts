import type {
  OpsTicket,
  OpsTicketAnswer,
  OpsTicketQuery,
  TicketAttachment,
  AnnouncementBody,
  AnnouncementState,
  OpsAnnouncement,
  OpsApplication,
  OpsApplicationSummary,
  OpsClient,
  OpsClientQuery,
  OpsDocumentViewLink,
  RegisterState,
  RegistrationDoc,
  StaffAuditRecord,
} from '@portal/shared';
import { API_BASE, type RequestOptions, request } from '../../lib/api/api-client';
import { ApiError } from '../../lib/api/api-error';
import { reportApiError } from '../../lib/api/report-api-error';
import type { Paged } from '../../lib/api/resource';
import { navigateTo } from '../../lib/navigation';
import { saveBlob } from '../../lib/save-file';
import type { StaffAuditParams } from './ops-audit-query';

/**
 * The operations console has its own session, kept apart from a customer's: its own storage key,
 * its own bearer header, and a 401 that leads to the staff sign-in, not the customer's.
 */
const OPS_TOKEN_KEY = 'opsAuthorization';
export const opsToken = {
  get: () => localStorage.getItem(OPS_TOKEN_KEY),
  set: (token: string) => localStorage.setItem(OPS_TOKEN_KEY, token),
  clear: () => localStorage.removeItem(OPS_TOKEN_KEY),
};

async function call<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const token = opsToken.get();
  try {
    return await request<T>(method, `/ops${path}`, {
      ...options,
      handleErrors: true,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && path !== '/login') {
      opsToken.clear();
      navigateTo('/ops/login');
    } else if (error instanceof ApiError) reportApiError(error);
    throw error;
  }
}

export const opsApi = {
  login: (email: string, password: string) =>
    call<{ token: string }>('POST', '/login', { body: { email, password } }),
  logout: () => call<{ ok: true }>('POST', '/logout'),
  me: () => call<{ email: string }>('GET', '/me'),
  list: (state?: RegisterState) =>
    call<OpsApplicationSummary[]>('GET', '/applications', { query: { state } }),
  get: (id: string) => call<OpsApplication>('GET', `/applications/${id}`),
  approve: (id: string) => call<{ clientNumber: string }>('POST', `/applications/${id}/approve`),
  deny: (id: string, reason: string) =>
    call<{ ok: true }>('POST', `/applications/${id}/deny`, { body: { reason } }),
  /** Mail the root user a fresh set-password link; the older ones stop working. */
  setPasswordLink: (id: string) =>
    call<{ email: string; expiresAt: string }>('POST', `/applications/${id}/set-password-link`),
  /** A one-minute address that shows a document in a tab of its own (PDFs). */
  viewLink: (id: string, doc: RegistrationDoc) =>
    call<OpsDocumentViewLink>('POST', `/applications/${id}/docs/${doc}/view-link`),
  announcements: (query: { page: number; limit: number; state?: AnnouncementState }) =>
    call<Paged<OpsAnnouncement>>('GET', '/announcements', { query: { ...query }, track: false }),
  createAnnouncement: (body: AnnouncementBody) => call<OpsAnnouncement>('POST', '/announcements', { body }),
  updateAnnouncement: (id: string, body: AnnouncementBody) =>
    call<OpsAnnouncement>('PUT', `/announcements/${id}`, { body }),
  deleteAnnouncement: (id: string) => call<{ ok: true }>('DELETE', `/announcements/${id}`),
  /** The customers, newest first, by part of the client number or company name. */
  clients: (query: Partial<OpsClientQuery>) =>
    call<Paged<OpsClient>>('GET', '/clients', { query: { ...query }, track: false }),
  /** Suspend a customer's service: its users cannot sign in, its sessions end. */
  suspendClient: (id: string, reason: string) =>
    call<OpsClient>('POST', `/clients/${encodeURIComponent(id)}/suspend`, { body: { reason } }),
  resumeClient: (id: string) => call<OpsClient>('POST', `/clients/${encodeURIComponent(id)}/resume`),
  audit: (params: StaffAuditParams) =>
    call<Paged<StaffAuditRecord>>('GET', '/audit', { query: { ...params }, track: false }),
  /** A document as a blob URL: the file is private, so it is fetched with the staff session. */
  async docUrl(id: string, doc: RegistrationDoc): Promise<string> {
    const response = await fetch(`${API_BASE}/ops/applications/${id}/docs/${doc}`, {
      headers: { Authorization: `Bearer ${opsToken.get() ?? ''}` },
    });
    if (!response.ok) throw new ApiError(response.status, 'NOT_FOUND');
    return URL.createObjectURL(await response.blob());
  },
  /** The support tickets' queue: open ones (or one status), longest unchanged first by default. */
  tickets: (query: Partial<OpsTicketQuery>) =>
    call<Paged<OpsTicket>>('GET', '/tickets', { query: { ...query }, track: false }),
  ticket: (id: string) => call<OpsTicket>('GET', `/tickets/${encodeURIComponent(id)}`),
  pickUp: (id: string) => call<OpsTicket>('POST', `/tickets/${encodeURIComponent(id)}/pick-up`),
  answer: (id: string, body: OpsTicketAnswer) =>
    call<OpsTicket>('POST', `/tickets/${encodeURIComponent(id)}/answer`, { body }),
  closeTicket: (id: string) => call<OpsTicket>('POST', `/tickets/${encodeURIComponent(id)}/close`),
  /** A file for an answer to come, checked by its content on the server. */
  uploadTicketFile(id: string, file: File) {
    const form = new FormData();
    form.append('file', file, file.name);
    return call<TicketAttachment>('POST', `/tickets/${encodeURIComponent(id)}/attachments`, {
      body: form,
      track: false,
    });
  },
  /** A file of a ticket's conversation, downloaded with the staff session. */
  async ticketFile(id: string, file: { id: string; name: string }) {
    const response = await fetch(
      `${API_BASE}/ops/tickets/${encodeURIComponent(id)}/attachments/${encodeURIComponent(file.id)}`,
      { headers: { Authorization: `Bearer ${opsToken.get() ?? ''}` } },
    );
    if (!response.ok) throw new ApiError(response.status, 'NOT_FOUND');
    saveBlob(file.name, await response.blob());
  },
};
