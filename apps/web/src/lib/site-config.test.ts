import { describe, expect, it } from 'vitest';
import { SITE_LINKS, SOLUTIONS, configuredUrl } from './site-config';

describe('site links', () => {
  it('take an http(s) address from the environment, without a trailing slash', () => {
    expect(configuredUrl('https://cloud.operator.tw/', 'https://x.example')).toBe('https://cloud.operator.tw');
    expect(configuredUrl(' http://intranet/docs ', 'https://x.example')).toBe('http://intranet/docs');
  });

  it('fall back when the variable is unset, empty or not a web address', () => {
    expect(configuredUrl(undefined, 'https://x.example')).toBe('https://x.example');
    expect(configuredUrl('', 'https://x.example')).toBe('https://x.example');
    expect(configuredUrl('javascript:alert(1)', 'https://x.example')).toBe('https://x.example');
  });

  it('point every outbound link and solution row at a web address', () => {
    for (const href of [...Object.values(SITE_LINKS), ...SOLUTIONS.map((s) => s.href)]) {
      expect(href).toMatch(/^https?:\/\//);
    }
  });
});
