import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CcisTerm, TicketAttachment } from '@portal/shared';
import { API_BASE, api, buildHeaders } from '../../lib/api/api-client';
import { ApiError } from '../../lib/api/api-error';
import { reportApiError } from '../../lib/api/report-api-error';
import type { Paged } from '../../lib/api/resource';
import { usePermissions } from '../../lib/permissions/use-permissions';
import { saveBlob } from '../../lib/save-file';

/** Upload a file for a ticket or reply to come; the server checks its content and answers its id. */
export function uploadTicketFile(file: File): Promise<TicketAttachment> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<TicketAttachment>('/tickets/attachments', form, { track: false });
}

/** Download a file of one of the caller's tickets (private: fetched with the session). */
export async function downloadTicketFile(ticketId: string, file: { id: string; name: string }) {
  const response = await fetch(
    `${API_BASE}/tickets/${encodeURIComponent(ticketId)}/attachments/${encodeURIComponent(file.id)}`,
    { headers: buildHeaders({}, false) },
  );
  if (!response.ok) {
    const error = new ApiError(response.status, response.status === 404 ? 'NOT_FOUND' : '');
    reportApiError(error);
    throw error;
  }
  saveBlob(file.name, await response.blob());
}

/**
 * The data-store contract's purchases (their order numbers name the contract), for the ticket
 * form; empty without the data-store authority.
 */
export function useContractChoices() {
  const { can } = usePermissions();
  return useQuery({
    queryKey: ['/data-store', 'history', 'ticket-choices'],
    queryFn: () =>
      api
        .get<Paged<CcisTerm>>('/data-store/history', { query: { page: 0, limit: 0 }, track: false })
        .then((p) => p.records),
    enabled: can('storage/ccis'),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
