// Test data shared by the registration and operations-console API tests.

/** A PNG signature with some bytes after it: enough for the content check. */
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64),
]);
export const PDF = Buffer.from('%PDF-1.4\n%test\n');

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

export const MULTIPART_BOUNDARY = '----portaltest';

/** A certificate upload's request: one part named "file", as a browser's form sends it. */
export function multipart(name: string, bytes: Buffer, type = 'application/octet-stream') {
  const payload = Buffer.concat([
    Buffer.from(
      `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${MULTIPART_BOUNDARY}--\r\n`),
  ]);
  return {
    body: payload,
    headers: { 'content-type': `multipart/form-data; boundary=${MULTIPART_BOUNDARY}` },
  };
}
