import type { CcisTerm } from '@portal/shared';

/** A data-store purchase as the API answers it: 1,300 GB for 12 months. */
export const ccisTerm = (over: Partial<CcisTerm> = {}): CcisTerm => ({
  orderId: 'DS20260110-ABCDEF',
  kind: 'new',
  months: 12,
  beginDate: '2026-11-26',
  expireDate: '2027-11-26',
  commitGb: 1300,
  autoExtend: true,
  monthlyPrice: '715.0000',
  termPrice: '8580.0000',
  account: 'demo@example.com',
  createdAt: '2026-11-26T04:00:00.000Z',
  modifiedAt: '2026-11-26T04:00:00.000Z',
  ...over,
});
