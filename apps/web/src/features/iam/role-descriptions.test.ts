import { describe, expect, it } from 'vitest';
import { AUTHORITY_LEAVES, ROLE_GRANTS, ROLE_IDS } from '@portal/shared';
import { i18n } from '../../lib/i18n/i18n';

/**
 * A role that sees nearly everything is described by what it sees: its description must name
 * each part it cannot see, so a reader does not expect more than the role grants (the read-only
 * role's user got 403 on IAM users and the audit log while its description said "every resource").
 */
describe('role descriptions', () => {
  const broad = ROLE_IDS.filter((role) => ROLE_GRANTS[role].length >= AUTHORITY_LEAVES.length - 3);

  it.each(['zh-TW', 'en'])('name what a broad role cannot see, in %s', (language) => {
    const t = i18n.getFixedT(language, 'roles');
    expect(broad).toEqual(expect.arrayContaining(['administrator', 'readOnly']));
    for (const role of broad) {
      const granted = new Set(ROLE_GRANTS[role].map(([leaf]) => leaf));
      const description = t(`descriptions.${role}`).toLowerCase();
      const missing = AUTHORITY_LEAVES.filter((leaf) => !granted.has(leaf))
        .map((leaf) => t(`leaves.${leaf.replace('/', '_')}`))
        .filter((name) => !description.includes(name.toLowerCase()));
      expect(missing, `${role} does not say it cannot see`).toEqual([]);
    }
  });
});
