import { randomInt } from 'node:crypto';
import { isCompanyId, isPersonId } from '@portal/shared';

const digits = (n: number) =>
  String(randomInt(0, 10 ** n))
    .padStart(n, '0')
    .slice(0, n);

/** The first check digit that makes `head` valid (there always is one). */
function completed(head: string, valid: (id: string) => boolean): string {
  for (let d = 0; d <= 9; d++) if (valid(`${head}${d}`)) return `${head}${d}`;
  throw new Error(`no check digit completes ${head}`);
}

/**
 * A valid company tax ID of its own: an identity number belongs to one account or application
 * (one member, one account), so each test customer and application needs a fresh one.
 */
export const newCompanyId = () => completed(digits(7), (id) => isCompanyId(id) === true);

/** A valid Taiwan personal ID of its own. */
export const newPersonId = () =>
  completed(
    `${'ABCDEFGHJKLMNPQRSTUVXYWZIO'[randomInt(0, 26)]}${randomInt(1, 3)}${digits(7)}`,
    (id) => isPersonId(id) === true,
  );
