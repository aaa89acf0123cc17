import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|json|svg|html)$/;

/**
 * Writes a Brotli (quality 11) and a gzip (level 9) copy beside every text file of the build, so
 * the server sends the smallest encoding the browser accepts without compressing on each request
 * (`preCompressed` in apps/api/src/platform/static-site.ts). A copy that would not be smaller is
 * not written.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((f) =>
        COMPRESSIBLE.test(f),
      );
      for (const file of files) {
        const full = path.join(outDir, file);
        const source = readFileSync(full);
        if (source.length < 1024) continue;
        const br = brotliCompressSync(source, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
        });
        if (br.length < source.length) writeFileSync(`${full}.br`, br);
        const gz = gzipSync(source, { level: 9 });
        if (gz.length < source.length) writeFileSync(`${full}.gz`, gz);
      }
    },
  };
}
