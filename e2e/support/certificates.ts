import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * A self-signed EC certificate for `host` and its key, made with openssl and written to `dir` as
 * files a user would upload (`<name>.crt`, `<name>.key`).
 */
export function certificateFiles(dir: string, host: string, name = 'shop') {
  const key = path.join(dir, `${name}.key`);
  const certificate = path.join(dir, `${name}.crt`);
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
      key,
      '-out',
      certificate,
      '-days',
      '90',
      '-subj',
      `/CN=${host}`,
      '-addext',
      `subjectAltName=DNS:${host}`,
    ],
    { stdio: 'pipe' },
  );
  return { key, certificate };
}
