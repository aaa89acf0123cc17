import { describe, expect, it } from 'vitest';
import { TicketCategory } from '../enums/ticket.js';
import { opsTicketAnswerSchema, ticketCreateSchema, ticketListQuerySchema } from './ticket.js';

const valid = {
  contactName: 'Lin',
  contactMail: 'lin@example.com',
  contactMobile: '0912345678',
  contactPhone: '',
  vmId: '6a1f0c1e-0000-4000-8000-000000000001',
  ticketCode: TicketCategory.VM,
  ticketRemark: 'The VM does not boot.',
};
const problems = (input: unknown) =>
  Object.fromEntries(
    (ticketCreateSchema.safeParse(input).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
  );

describe('ticketCreateSchema', () => {
  it('takes a ticket about a VM or about a contract', () => {
    expect(ticketCreateSchema.parse(valid)).toMatchObject({ attachmentIds: [], contactPhone: '' });
    expect(ticketCreateSchema.safeParse({ ...valid, vmId: null, ccisId: 'DS20260301-4F2A9C' }).success).toBe(
      true,
    );
  });

  it('needs a VM or a contract, on both fields, whatever else is wrong', () => {
    expect(problems({ ...valid, vmId: '  ', ccisId: null })).toEqual({
      vmId: 'validation.ticketTarget',
      ccisId: 'validation.ticketTarget',
    });
    expect(problems({ ...valid, contactName: '', vmId: undefined })).toEqual({
      contactName: 'validation.notEmpty',
      vmId: 'validation.ticketTarget',
      ccisId: 'validation.ticketTarget',
    });
  });

  it('checks the contact: name required, mail an address, mobile and phone digits only', () => {
    expect(
      problems({
        ...valid,
        contactMail: 'lin@',
        contactMobile: '0912-345-678',
        contactPhone: '02 2345 6789',
      }),
    ).toEqual({
      contactMail: 'validation.needBeFormat.Email',
      contactMobile: 'validation.needBePhone',
      contactPhone: 'validation.needBePhone',
    });
    expect(problems({ ...valid, contactName: 'x'.repeat(51) })).toEqual({
      contactName: 'validation.needBeStringInRange',
    });
  });

  it('knows the categories and limits the description and the files', () => {
    expect(problems({ ...valid, ticketCode: 'hardware' })).toEqual({
      ticketCode: 'apiError.CATEGORYID_IS_ERROR',
    });
    expect(problems({ ...valid, ticketRemark: 'x'.repeat(4001) })).toEqual({
      ticketRemark: 'validation.needBeStringInRange',
    });
    const ids = Array.from({ length: 6 }, (_, i) => `6a1f0c1e-0000-4000-8000-00000000001${i}`);
    expect(problems({ ...valid, attachmentIds: ids })).toEqual({
      attachmentIds: 'validation.ticketAttachmentsMax',
    });
  });
});

describe('the other ticket schemas', () => {
  it('a staff answer leaves the ticket in work or waiting, nothing else', () => {
    expect(opsTicketAnswerSchema.safeParse({ text: 'Done', status: 'WAITING' }).success).toBe(true);
    expect(opsTicketAnswerSchema.safeParse({ text: 'Done', status: 'CLOSE' }).success).toBe(false);
    expect(opsTicketAnswerSchema.safeParse({ text: ' ', status: 'PROCESS' }).success).toBe(false);
  });

  it('the list filters by status as the query string says it', () => {
    expect(ticketListQuerySchema.parse({ status: 'WAITING' }).status).toBe('WAITING');
    expect(ticketListQuerySchema.safeParse({ status: 'waiting' }).success).toBe(false);
  });
});
