import { describe, expect, it } from 'vitest';
import {
  announcementResolver,
  blankForm,
  bodyOf,
  fromLocalInput,
  newAnnouncementResolver,
  toLocalInput,
} from './announcement-form';

const run = (values: Parameters<typeof announcementResolver>[0]) =>
  announcementResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('announcement form', () => {
  it('turns the datetime-local window into instants and back in the browser time zone', () => {
    const local = '2026-05-01T09:30';
    const iso = fromLocalInput(local);
    expect(new Date(iso).getTime()).toBe(new Date(2026, 4, 1, 9, 30).getTime());
    expect(toLocalInput(iso)).toBe(local);
    expect(fromLocalInput('')).toBe('');
    expect(toLocalInput('not a time')).toBe('');
  });

  it('starts a new one now for a week', () => {
    const form = blankForm(new Date(2026, 0, 31, 23, 5));
    expect(form).toMatchObject({ level: 'info', startsAt: '2026-01-31T23:05', endsAt: '2026-02-07T23:05' });
  });

  it('checks with the shared schema: both languages, and the start not after the end', async () => {
    const form = {
      ...blankForm(new Date(2026, 0, 1)),
      titleC: '維護',
      bodyC: '內容',
      titleE: '',
      bodyE: 'Body',
    };
    expect((await run(form)).errors).toEqual({
      titleE: { type: 'validate', message: 'validation.notEmpty' },
    });

    const backwards = {
      ...form,
      titleE: 'Maintenance',
      startsAt: '2026-01-02T10:00',
      endsAt: '2026-01-02T09:00',
    };
    expect((await run(backwards)).errors).toEqual({
      endsAt: { type: 'validate', message: 'validation.startAfterEnd' },
    });

    const ok = { ...backwards, endsAt: '2026-01-02T12:00' };
    const result = await run(ok);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual(bodyOf(ok));
  });

  it('refuses a new one that has already ended, as the server does; a change may keep its window', async () => {
    const now = new Date(2026, 0, 10, 12, 0);
    const ended = {
      ...blankForm(new Date(2026, 0, 1)),
      titleC: '維護',
      bodyC: '內容',
      titleE: 'Maintenance',
      bodyE: 'Body',
    };
    const asNew = await newAnnouncementResolver(() => now)(ended, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(asNew.errors).toEqual({
      endsAt: { type: 'validate', message: 'apiError.DATE_MUST_GREATER_THAN_TODAY' },
    });
    expect((await run(ended)).errors).toEqual({});
    const later = { ...ended, endsAt: toLocalInput(new Date(2026, 0, 11)) };
    const fine = await newAnnouncementResolver(() => now)(later, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(fine.errors).toEqual({});
  });
});
