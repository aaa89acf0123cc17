import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import type { ErrorCode } from '@portal/shared';
import { fieldsRefused } from '../../../platform/errors.js';

/** What the portal keeps of an HTTPS balancer's certificate (the key is sealed apart). */
export interface CheckedCertificate {
  /** The chain as uploaded, leaf first, one PEM block each (normalised line ends). */
  pem: string;
  /** The leaf's subject on one line ("CN=shop.example.com, O=Example"). */
  subject: string;
  /** The DNS names it covers (subjectAltName), or its CN when it has none. */
  names: string[];
  expiresAt: Date;
  /** The key as the cloud takes it (PKCS#8 PEM). */
  keyPem: string;
}

const BLOCK = /-----BEGIN CERTIFICATE-----[A-Za-z0-9+/=\s]+?-----END CERTIFICATE-----/g;
/** A certificate made a moment ago on a clock a little ahead of ours is already valid. */
const CLOCK_SKEW_MS = 5 * 60_000;
/** A chain longer than this is not a web server's. */
const MAX_CHAIN = 8;

/** The refusal on its field, whose message is the code's own text (the form shows it there). */
const refuse = (code: ErrorCode, field: 'lbCertificate' | 'lbPrivateKey' | 'lbUrl') =>
  fieldsRefused(code, { [field]: `apiError.${code}` });

function parseChain(text: string): X509Certificate[] {
  const blocks = text.replace(/\r\n?/g, '\n').match(BLOCK) ?? [];
  if (blocks.length === 0 || blocks.length > MAX_CHAIN)
    throw refuse('LB_CERTIFICATE_INVALID', 'lbCertificate');
  try {
    return blocks.map((block) => new X509Certificate(block));
  } catch {
    throw refuse('LB_CERTIFICATE_INVALID', 'lbCertificate');
  }
}

function parseKey(text: string): KeyObject {
  try {
    // An encrypted key throws here (no passphrase): the cloud needs it open.
    const key = createPrivateKey({ key: text, format: 'pem' });
    if (key.type !== 'private') throw new Error('not a private key');
    return key;
  } catch {
    throw refuse('LB_KEY_INVALID', 'lbPrivateKey');
  }
}

/** The DNS names of "DNS:a.example, IP Address:10.0.0.1, DNS:b.example". */
function dnsNames(altNames: string | undefined): string[] {
  if (!altNames) return [];
  return altNames
    .split(/,\s*/)
    .filter((entry) => entry.startsWith('DNS:'))
    .map((entry) => entry.slice(4));
}

/**
 * Checks an uploaded certificate chain and its private key before anything is kept (codes are
 * ours, each on its field): PEM that parses (LB_CERTIFICATE_INVALID, LB_KEY_INVALID), the key is
 * the leaf's (LB_KEY_MISMATCH), the leaf is valid now (LB_CERTIFICATE_NOT_YET_VALID,
 * LB_CERTIFICATE_EXPIRED) and, when the balancer answers one host name, covers it
 * (LB_CERTIFICATE_HOST_MISMATCH). Nothing of the key goes into an error or a log.
 */
export function checkCertificate(
  certificatePem: string,
  keyPem: string,
  now: Date,
  host: string,
): CheckedCertificate {
  const chain = parseChain(certificatePem);
  const leaf = chain[0]!;
  const key = parseKey(keyPem);
  if (!leaf.checkPrivateKey(key)) throw refuse('LB_KEY_MISMATCH', 'lbPrivateKey');
  const validFrom = new Date(leaf.validFrom);
  const expiresAt = new Date(leaf.validTo);
  if (Number.isNaN(validFrom.getTime()) || Number.isNaN(expiresAt.getTime()))
    throw refuse('LB_CERTIFICATE_INVALID', 'lbCertificate');
  if (validFrom.getTime() > now.getTime() + CLOCK_SKEW_MS)
    throw refuse('LB_CERTIFICATE_NOT_YET_VALID', 'lbCertificate');
  if (expiresAt.getTime() <= now.getTime()) throw refuse('LB_CERTIFICATE_EXPIRED', 'lbCertificate');
  if (host !== '' && leaf.checkHost(host) === undefined)
    throw refuse('LB_CERTIFICATE_HOST_MISMATCH', 'lbUrl');
  const subject = leaf.subject.split('\n').filter(Boolean).join(', ');
  const cn = /(?:^|\n)CN=([^\n]+)/.exec(leaf.subject)?.[1];
  const names = dnsNames(leaf.subjectAltName);
  return {
    pem: `${chain.map((c) => c.toString().trim()).join('\n')}\n`,
    subject,
    names: names.length > 0 ? names : cn ? [cn] : [],
    expiresAt,
    keyPem: key.export({ format: 'pem', type: 'pkcs8' }).toString(),
  };
}

/** The sealed key's place: a key copied to another balancer's row does not open there. */
export const keyContext = (clientId: string, balancerId: string) => `lb-key:${clientId}:${balancerId}`;
