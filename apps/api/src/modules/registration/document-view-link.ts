import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { REGISTRATION_DOCS, type RegistrationDoc } from '@portal/shared';

/** A document view link works for one minute. */
export const VIEW_LINK_TTL_MS = 60 * 1000;

/** What a view link is good for: one document of one application, for one staff session. */
export interface ViewGrant {
  applicationId: string;
  doc: RegistrationDoc;
  /** The staff session's token hash (never the token): the link dies with the session. */
  session: string;
  expiresAt: number;
}

// Bound into every token as authenticated data, so a token made for anything else never opens here.
const PURPOSE = Buffer.from('ops-document-view:v2');
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Far above a real token (some 230 characters): anything longer is not worth decrypting. */
const MAX_TOKEN_LENGTH = 1024;

/**
 * Issues and opens document view links. A token is the grant sealed with AES-256-GCM
 * (`<iv><ciphertext><tag>` in base64url): whoever sees the URL (a log, a browser history, a proxy)
 * learns nothing of it, neither the application nor the staff session, and cannot make or change
 * one. The key is derived from `secret`, which is drawn when the server starts (links live a
 * minute, so a restart costs at most a second click); a fleet of instances shares OPS_LINK_SECRET.
 */
export function createViewLinks(secret: Buffer = randomBytes(32)) {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), PURPOSE, 32));
  return {
    issue(grant: ViewGrant): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(PURPOSE);
      const plain = JSON.stringify([grant.applicationId, grant.doc, grant.session, grant.expiresAt]);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
    },

    /** The grant of a genuine link that has not expired at `now`, else null. */
    open(token: string, now: number): ViewGrant | null {
      if (token.length > MAX_TOKEN_LENGTH || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
      const bytes = Buffer.from(token, 'base64url');
      if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
      let fields: unknown;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
        decipher.setAAD(PURPOSE);
        decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
        const plain = Buffer.concat([
          decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
          decipher.final(),
        ]);
        fields = JSON.parse(plain.toString('utf8'));
      } catch {
        return null;
      }
      if (!Array.isArray(fields) || fields.length !== 4) return null;
      const [applicationId, doc, session, expiresAt] = fields as unknown[];
      if (
        typeof applicationId !== 'string' ||
        typeof session !== 'string' ||
        typeof expiresAt !== 'number' ||
        !REGISTRATION_DOCS.includes(doc as RegistrationDoc)
      )
        return null;
      if (expiresAt <= now) return null;
      return { applicationId, doc: doc as RegistrationDoc, session, expiresAt };
    },
  };
}
export type ViewLinks = ReturnType<typeof createViewLinks>;
