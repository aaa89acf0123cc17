import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { CSP_DIRECTIVES, INDEX_INLINE_SCRIPT_HASH } from './security.js';

const INDEX_HTML = new URL('../../../web/index.html', import.meta.url);

/**
 * The web app's index.html carries one inline script (the colour scheme before the first paint);
 * the content policy allows it by hash alone. Edited without the hash, browsers would refuse it and
 * dark pages would flash light; a second inline script would be refused outright.
 */
it("allows exactly index.html's inline scripts by their hash", () => {
  const html = readFileSync(INDEX_HTML, 'utf8');
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );
  expect(inline).toEqual([INDEX_INLINE_SCRIPT_HASH]);
  expect(CSP_DIRECTIVES.scriptSrc).toEqual(["'self'", INDEX_INLINE_SCRIPT_HASH]);
});
