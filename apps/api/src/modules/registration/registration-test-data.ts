// Test data shared by the registration and operations-console API tests.

export { MULTIPART_BOUNDARY, multipart, PDF, PNG } from '../../../test/uploads.js';

/**
 * A complete company registration (valid tax ID 04595257), in English. A number belongs to one
 * application or account: submit it with a fresh one (newCompanyId, test/identity-numbers.ts).
 */
export const REGISTRATION_INFO = {
  identity_type: 'COMPANY',
  identity_number: '04595257',
  company_name: 'Test Cloud Co., Ltd.',
  company_owner: 'Owner',
  contact_name: 'Contact',
  contact_mobile_code: '886',
  contact_mobile: '0912345678',
  cman_dmfg: 'C',
  tech_dmfg: 'C',
  bill_dmfg: 'E',
  currency_type: 'TWD',
  language: 'en',
  industry_type: 57,
  area: 'TWNNORTH',
  is_foreign: 0,
};

/** The token of a portal link of some kind (`registerInfoInput`, `setPassword`, ...) in a mail. */
export const linkOf = (text: string, path: string) =>
  new RegExp(`#/${path}/([A-Za-z0-9_-]+)`).exec(text)?.[1] ?? '';
