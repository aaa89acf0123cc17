import type { Db } from '../../db/database.js';
import type { Clock } from '../../platform/clock.js';
import type { MailQueue } from '../../platform/mail/mail-queue.js';
import type { PasswordHasher } from '../../platform/passwords.js';
import type { LoginThrottle } from '../../platform/throttle/login-throttle.js';
import type { ObjectStore } from '../../storage/object-store.js';
import { createApplicationDocuments } from './application-documents.js';
import { createApplicationReads } from './application-reads.js';
import { createApplicationReview } from './application-review.js';
import { createViewLinks, type ViewLinks } from './document-view-link.js';
import { createStaffAuditService } from './staff-audit-service.js';
import { createStaffSignIn } from './staff-sign-in.js';

export interface OpsDeps {
  db: Db;
  clock: Clock;
  mail: MailQueue;
  passwords: PasswordHasher;
  throttle: LoginThrottle;
  store: ObjectStore;
  publicUrl: string;
  /** Issues document view links; a fresh key per start unless given (tests, or a fleet's shared key). */
  viewLinks?: ViewLinks;
}

/**
 * The operations console's service, made of its parts: the staff's sign-in and trail, the
 * applications as staff read them, their documents, and the review's decisions.
 */
export function createOpsService(deps: OpsDeps) {
  const { db, clock, mail, passwords, throttle, store, publicUrl } = deps;
  const viewLinks = deps.viewLinks ?? createViewLinks();
  return {
    /** The staff trail, for the console's audit page. */
    trail: createStaffAuditService(db),
    ...createStaffSignIn({ db, clock, passwords, throttle }),
    ...createApplicationReads(db),
    ...createApplicationDocuments({ db, clock, store, viewLinks }),
    ...createApplicationReview({ db, clock, mail, publicUrl }),
  };
}
export type OpsService = ReturnType<typeof createOpsService>;
