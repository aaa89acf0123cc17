import { useMutation } from '@tanstack/react-query';
import type { ClientInfo, ClientInfoUpdate } from '@portal/shared';
import { api } from '../../lib/api/api-client';
import { setClientInfo } from '../../lib/session/session-store';

/** PATCH /client/info answers the updated client info, which becomes the session's. */
export function useUpdateClientInfo() {
  return useMutation({
    mutationFn: (body: ClientInfoUpdate) => api.patch<ClientInfo>('/client/info', body),
    onSuccess: (info) => setClientInfo(info),
  });
}
