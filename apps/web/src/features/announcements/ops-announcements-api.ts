import type { AnnouncementBody, AnnouncementState, OpsAnnouncement } from '@portal/shared';
import type { Paged } from '../../lib/api/resource';
import { opsCall } from '../ops';

/** The staff's announcements to every customer. */
export const opsAnnouncementsApi = {
  announcements: (query: { page: number; limit: number; state?: AnnouncementState }) =>
    opsCall<Paged<OpsAnnouncement>>('GET', '/announcements', { query: { ...query }, track: false }),
  createAnnouncement: (body: AnnouncementBody) =>
    opsCall<OpsAnnouncement>('POST', '/announcements', { body }),
  updateAnnouncement: (id: string, body: AnnouncementBody) =>
    opsCall<OpsAnnouncement>('PUT', `/announcements/${id}`, { body }),
  deleteAnnouncement: (id: string) => opsCall<{ ok: true }>('DELETE', `/announcements/${id}`),
};
