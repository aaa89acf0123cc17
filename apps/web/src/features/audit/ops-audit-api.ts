import type { StaffAuditRecord } from '@portal/shared';
import type { Paged } from '../../lib/api/resource';
import { opsCall } from '../ops';
import type { StaffAuditParams } from './ops-audit-query';

/** What staff did, as the staff audit page asks for it. */
export const opsAuditApi = {
  audit: (params: StaffAuditParams) =>
    opsCall<Paged<StaffAuditRecord>>('GET', '/audit', { query: { ...params }, track: false }),
};
