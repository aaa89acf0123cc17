import { describe, expect, it } from 'vitest';
import { type ViewGrant, createViewLinkSigner } from './document-view-link.js';

const grant: ViewGrant = { applicationId: 'app-1', doc: 'doc1', session: 'hash', expiresAt: 2_000 };

describe('document view links', () => {
  it('are honoured by any signer with the same key (several instances), and by no other', () => {
    const key = Buffer.from('s'.repeat(32));
    const token = createViewLinkSigner(key).sign(grant);
    expect(createViewLinkSigner(Buffer.from('s'.repeat(32))).verify(token, 1_000)).toEqual(grant);
    expect(createViewLinkSigner(Buffer.from('t'.repeat(32))).verify(token, 1_000)).toBeNull();
    expect(createViewLinkSigner().verify(token, 1_000)).toBeNull();
  });

  it('expire, and a changed payload or signature is refused', () => {
    const signer = createViewLinkSigner();
    const token = signer.sign(grant);
    expect(signer.verify(token, 2_001)).toBeNull();
    const [payload, signature] = token.split('.');
    const other = Buffer.from(JSON.stringify(['app-2', 'doc1', 'hash', 2_000])).toString('base64url');
    expect(signer.verify(`${other}.${signature}`, 1_000)).toBeNull();
    expect(signer.verify(`${payload}.${signature}x`, 1_000)).toBeNull();
    expect(signer.verify(`${payload}.${signature}.extra`, 1_000)).toBeNull();
  });
});
