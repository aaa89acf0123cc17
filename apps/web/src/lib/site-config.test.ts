import { describe, expect, it } from 'vitest';
import { SITE_LINKS, SOLUTIONS } from './site-config';

describe('site links', () => {
  it('point every outbound link and solution row at a web address', () => {
    for (const href of [...Object.values(SITE_LINKS), ...SOLUTIONS.map((s) => s.href)]) {
      expect(href).toMatch(/^https?:\/\//);
    }
  });
});
