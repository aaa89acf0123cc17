import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A certificate and its private key (PEM), made for a test. */
export interface TestCertificate {
  certificate: string;
  key: string;
}

/**
 * A self-signed EC P-256 certificate for these host names, valid from now for `days`, made with
 * the openssl command (small and fast; nothing is kept on disk).
 */
export function makeCertificate(names: string[], days = 90): TestCertificate {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lb-cert-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        keyFile,
        '-out',
        certFile,
        '-days',
        String(days),
        '-subj',
        `/CN=${names[0]}/O=Portal Test`,
        '-addext',
        `subjectAltName=${names.map((n) => `DNS:${n}`).join(',')}`,
      ],
      { stdio: 'pipe' },
    );
    return { certificate: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The key encrypted with a passphrase (the cloud cannot use it). */
export function encryptedKey(key: string): string {
  return execFileSync('openssl', ['pkey', '-aes256', '-passout', 'pass:secret'], { input: key }).toString();
}
