import { z } from 'zod';
import { startNotAfterEnd, stringLength } from '../validators/basic.js';
import { zRequired } from '../validators/zod.js';
import { pageQuerySchema } from './common.js';

/**
 * Announcements the provider's staff write for every customer (maintenance windows, notices):
 * both languages required, shown on the console's dashboard while their window contains now
 * (docs/dashboard-api.md). Not per tenant.
 */
export const ANNOUNCEMENT_LEVELS = ['info', 'maintenance', 'warning'] as const;
export type AnnouncementLevel = (typeof ANNOUNCEMENT_LEVELS)[number];

/** Where an announcement stands against the server's clock: before, inside or after its window. */
export const ANNOUNCEMENT_STATES = ['scheduled', 'current', 'ended'] as const;
export type AnnouncementState = (typeof ANNOUNCEMENT_STATES)[number];

export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_BODY_MAX = 4000;
/** Current announcements a customer is sent at most (newest first); more would bury the dashboard. */
export const ANNOUNCEMENTS_SHOWN_MAX = 20;

const titleLength = stringLength(ANNOUNCEMENT_TITLE_MAX, 1);
const bodyLength = stringLength(ANNOUNCEMENT_BODY_MAX, 1);
const instant = z.iso.datetime({ offset: true, error: 'validation.needBeDate' });

/**
 * What staff write (create and update send every field). `C` is Traditional Chinese and `E`
 * English, as in the news. The window's start may not be after its end ("start time not after end
 * time", the shared rule), reported on `endsAt`.
 */
export const announcementBodySchema = z
  .object({
    titleC: zRequired(titleLength),
    titleE: zRequired(titleLength),
    bodyC: zRequired(bodyLength),
    bodyE: zRequired(bodyLength),
    level: z.enum(ANNOUNCEMENT_LEVELS, { error: 'validation.needBeOneOf' }),
    startsAt: instant,
    endsAt: instant,
  })
  .superRefine((body, ctx) => {
    const ok = startNotAfterEnd(body.startsAt, body.endsAt);
    if (ok !== true) ctx.addIssue({ code: 'custom', message: ok, path: ['endsAt'] });
  });
export type AnnouncementBody = z.infer<typeof announcementBodySchema>;

/**
 * A new announcement ends after `now`: one that has ended already would never be shown
 * (DATE_MUST_GREATER_THAN_TODAY, on `endsAt`). The form checks it before the server does.
 */
export const announcementEndsLater = (endsAt: string, now: Date) =>
  new Date(endsAt) > now ? true : ('apiError.DATE_MUST_GREATER_THAN_TODAY' as const);

/** An announcement as staff see it, with both languages, its state and who wrote it. */
export const opsAnnouncementSchema = z.object({
  id: z.string(),
  titleC: z.string(),
  titleE: z.string(),
  bodyC: z.string(),
  bodyE: z.string(),
  level: z.enum(ANNOUNCEMENT_LEVELS),
  startsAt: z.string(),
  endsAt: z.string(),
  state: z.enum(ANNOUNCEMENT_STATES),
  createdAt: z.string(),
  createdBy: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});
export type OpsAnnouncement = z.infer<typeof opsAnnouncementSchema>;

export const opsAnnouncementQuerySchema = pageQuerySchema.extend({
  state: z.enum(ANNOUNCEMENT_STATES).optional(),
});
export type OpsAnnouncementQuery = z.infer<typeof opsAnnouncementQuerySchema>;

/** An announcement as a customer sees it: in the request's language. */
export const announcementSchema = z.object({
  id: z.string(),
  level: z.enum(ANNOUNCEMENT_LEVELS),
  title: z.string(),
  body: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;
