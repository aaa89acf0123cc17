import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
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

// The purpose is part of what is signed, so a MAC made for anything else never passes here.
const PURPOSE = 'ops-document-view:v1:';

/**
 * Signs and checks document view links: `<payload>.<HMAC-SHA256>` in base64url. The key is drawn
 * when the server starts (links live a minute, so a restart costs at most a second click); a
 * fleet of instances would pass a shared key instead.
 */
export function createViewLinkSigner(key: Buffer = randomBytes(32)) {
  const mac = (payload: string) =>
    createHmac('sha256', key)
      .update(PURPOSE + payload)
      .digest();
  return {
    sign(grant: ViewGrant): string {
      const payload = Buffer.from(
        JSON.stringify([grant.applicationId, grant.doc, grant.session, grant.expiresAt]),
      ).toString('base64url');
      return `${payload}.${mac(payload).toString('base64url')}`;
    },

    /** The grant of a genuine link that has not expired at `now`, else null. */
    verify(token: string, now: number): ViewGrant | null {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined || token.length > 1024) return null;
      const expected = mac(payload);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let fields: unknown;
      try {
        fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
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
export type ViewLinkSigner = ReturnType<typeof createViewLinkSigner>;
