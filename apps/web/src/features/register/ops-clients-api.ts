import type { OpsClient, OpsClientQuery } from '@portal/shared';
import type { Paged } from '../../lib/api/resource';
import { opsCall } from '../ops';

/** The staff's list of customers and the suspension of their service. */
export const opsClientsApi = {
  /** The customers, newest first, by part of the client number or company name. */
  clients: (query: Partial<OpsClientQuery>) =>
    opsCall<Paged<OpsClient>>('GET', '/clients', { query: { ...query }, track: false }),
  /** Suspend a customer's service: its users cannot sign in, its sessions end. */
  suspendClient: (id: string, reason: string) =>
    opsCall<OpsClient>('POST', `/clients/${encodeURIComponent(id)}/suspend`, { body: { reason } }),
  resumeClient: (id: string) => opsCall<OpsClient>('POST', `/clients/${encodeURIComponent(id)}/resume`),
};
