import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  announcementBodySchema,
  announcementEndsLater,
  type AnnouncementBody,
  type AnnouncementLevel,
  type OpsAnnouncement,
} from '@portal/shared';

/** The dialog's fields: the window as `datetime-local` values (the staff member's own time zone). */
export interface AnnouncementForm {
  titleC: string;
  titleE: string;
  bodyC: string;
  bodyE: string;
  level: AnnouncementLevel;
  startsAt: string;
  endsAt: string;
}

export const ANNOUNCEMENT_FIELDS = [
  'titleC',
  'titleE',
  'bodyC',
  'bodyE',
  'level',
  'startsAt',
  'endsAt',
] as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` value in this browser's time zone ("2026-05-01T09:30"). */
export function toLocalInput(iso: string | Date): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value as the instant it names here (ISO, UTC); what is not a time stays as typed. */
export function fromLocalInput(local: string): string {
  const d = new Date(local);
  return local && !Number.isNaN(d.getTime()) ? d.toISOString() : local;
}

/** A new announcement's fields: starting now, for a week. */
export function blankForm(now = new Date()): AnnouncementForm {
  const week = new Date(now.getTime() + 7 * 24 * 60 * 60 * 1000);
  return {
    titleC: '',
    titleE: '',
    bodyC: '',
    bodyE: '',
    level: 'info',
    startsAt: toLocalInput(now),
    endsAt: toLocalInput(week),
  };
}

export const formOf = (a: OpsAnnouncement): AnnouncementForm => ({
  titleC: a.titleC,
  titleE: a.titleE,
  bodyC: a.bodyC,
  bodyE: a.bodyE,
  level: a.level,
  startsAt: toLocalInput(a.startsAt),
  endsAt: toLocalInput(a.endsAt),
});

export const bodyOf = (form: AnnouncementForm) => ({
  ...form,
  startsAt: fromLocalInput(form.startsAt),
  endsAt: fromLocalInput(form.endsAt),
});

/** The shared schema, run on what the form would send: the same messages as the server's 400. */
export const announcementResolver: Resolver<AnnouncementForm, unknown, AnnouncementBody> = async (values) => {
  const parsed = announcementBodySchema.safeParse(bodyOf(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<AnnouncementForm> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]) as keyof AnnouncementForm;
    errors[field] ??= { type: 'validate', message: issue.message };
  }
  return { values: {}, errors };
};

/** A new one is checked as above, and must also end after now (the server refuses one that has ended). */
export const newAnnouncementResolver =
  (now = () => new Date()): Resolver<AnnouncementForm, unknown, AnnouncementBody> =>
  async (values, context, options) => {
    const checked = await announcementResolver(values, context, options);
    const ended = announcementEndsLater(fromLocalInput(values.endsAt), now());
    if (ended === true || checked.errors.endsAt) return checked;
    return { values: {}, errors: { ...checked.errors, endsAt: { type: 'validate', message: ended } } };
  };
