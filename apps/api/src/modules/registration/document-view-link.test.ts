import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type ViewGrant, createViewLinks } from './document-view-link.js';

const grant: ViewGrant = {
  applicationId: '7d9c1f0e-8a55-4c6e-9a53-0f0b6f1d2e3a',
  doc: 'doc1',
  session: createHash('sha256').update('a staff session token').digest('hex'),
  expiresAt: 2_000,
};

describe('document view links', () => {
  it('are honoured by any instance with the same key (several instances), and by no other', () => {
    const key = Buffer.from('s'.repeat(32));
    const token = createViewLinks(key).issue(grant);
    expect(createViewLinks(Buffer.from('s'.repeat(32))).open(token, 1_000)).toEqual(grant);
    expect(createViewLinks(Buffer.from('t'.repeat(32))).open(token, 1_000)).toBeNull();
    expect(createViewLinks().open(token, 1_000)).toBeNull();
  });

  it('show nothing of the grant: no application, no session, in any encoding', () => {
    const links = createViewLinks();
    const token = links.issue(grant);
    const decoded = Buffer.from(token, 'base64url');
    for (const secret of [grant.applicationId, grant.session, grant.session.slice(0, 16), 'doc1']) {
      expect(token).not.toContain(secret);
      expect(decoded.toString('latin1')).not.toContain(secret);
      expect(token).not.toContain(Buffer.from(secret).toString('base64url').slice(0, 12));
    }
    // The same grant twice gives two unrelated tokens.
    expect(links.issue(grant)).not.toBe(token);
  });

  it('expire, and a changed or cut token is refused', () => {
    const links = createViewLinks();
    const token = links.issue(grant);
    expect(links.open(token, 2_001)).toBeNull();
    const bytes = Buffer.from(token, 'base64url');
    for (const i of [0, 20, bytes.length - 1]) {
      const changed = Buffer.from(bytes);
      changed[i] = changed[i]! ^ 1;
      expect(links.open(changed.toString('base64url'), 1_000), `byte ${i}`).toBeNull();
    }
    expect(links.open(token.slice(0, -4), 1_000)).toBeNull();
    expect(links.open(`${token}.extra`, 1_000)).toBeNull();
    expect(links.open('x'.repeat(2000), 1_000)).toBeNull();
  });
});
