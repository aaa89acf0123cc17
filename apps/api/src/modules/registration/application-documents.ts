import { and, eq, gt, isNull } from 'drizzle-orm';
import type { RegistrationDoc } from '@portal/shared';
import type { Db } from '../../db/database.js';
import { staffSessions } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import { fail, notFound } from '../../platform/errors.js';
import { auditedStaffRead, type StaffActor } from '../../platform/staff-audit-record.js';
import type { ObjectStore } from '../../storage/object-store.js';
import { applicationOf } from './application-rows.js';
import { VIEW_LINK_TTL_MS, type ViewLinks } from './document-view-link.js';

/** An application's uploaded documents, for staff: downloads and short-lived view links. */
export function createApplicationDocuments(deps: {
  db: Db;
  clock: Clock;
  store: ObjectStore;
  viewLinks: ViewLinks;
}) {
  const { db, clock, store, viewLinks } = deps;
  return {
    /** An uploaded document, for download; the staff trail records who opened which. */
    async doc(id: string, doc: RegistrationDoc, actor: StaffActor) {
      return auditedStaffRead(
        { db, clock },
        { ...actor, action: 'application.documentDownload', applicationId: id, detail: { doc } },
        async () => {
          const r = await applicationOf(db, id);
          const stored = r.docs[doc];
          if (!stored) throw notFound();
          const object = await store.get(stored.key);
          if (!object) throw notFound();
          return { ...object, name: stored.name };
        },
      );
    },

    /**
     * A link that shows one document in a tab of its own for a minute: signed, bound to the staff
     * session that asked (signing out kills it) and to that one document.
     */
    async viewLink(id: string, doc: RegistrationDoc, sessionTokenHash: string, actor: StaffActor) {
      return auditedStaffRead(
        { db, clock },
        { ...actor, action: 'application.documentView', applicationId: id, detail: { doc } },
        async () => {
          const r = await applicationOf(db, id);
          if (!r.docs[doc]) throw notFound();
          const expiresAt = clock.now().getTime() + VIEW_LINK_TTL_MS;
          const token = viewLinks.issue({ applicationId: r.id, doc, session: sessionTokenHash, expiresAt });
          return {
            url: `/api/ops/document-view?token=${token}`,
            expiresAt: new Date(expiresAt).toISOString(),
          };
        },
      );
    },

    /** The document of a view link, or LINK_EXPIRED (forged, expired, or its session is over). */
    async openViewLink(token: string) {
      const grant = viewLinks.open(token, clock.now().getTime());
      if (!grant) throw fail('LINK_EXPIRED');
      const [live] = await db
        .select({ tokenHash: staffSessions.tokenHash })
        .from(staffSessions)
        .where(
          and(
            eq(staffSessions.tokenHash, grant.session),
            isNull(staffSessions.revokedAt),
            gt(staffSessions.expiresAt, clock.now()),
          ),
        );
      if (!live) throw fail('LINK_EXPIRED');
      const r = await applicationOf(db, grant.applicationId);
      const stored = r.docs[grant.doc];
      if (!stored) throw notFound();
      const object = await store.get(stored.key);
      if (!object) throw notFound();
      // The type recorded at upload (sniffed from the content then), not whatever the store says.
      return { ...object, contentType: stored.contentType, name: stored.name };
    },
  };
}
