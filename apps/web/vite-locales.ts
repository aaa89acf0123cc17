import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const LOCALES_DIR = path.join(import.meta.dirname, 'src', 'locales');

/** Every translation file as { language, namespace, json }, minified. */
export function readLocaleFiles(dir = LOCALES_DIR) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((language) =>
      readdirSync(path.join(dir, language.name))
        .filter((file) => file.endsWith('.json'))
        .map((file) => ({
          language: language.name,
          namespace: file.slice(0, -'.json'.length),
          json: JSON.stringify(JSON.parse(readFileSync(path.join(dir, language.name, file), 'utf8'))),
        })),
    );
}

/**
 * Translations are data, not code: each language and namespace is served as a JSON file under
 * one folder named by the hash of all of them (`/assets/locales-<hash>/<language>/<ns>.json`), so
 * a deploy that changes any text changes every URL and the files can be cached for a year. The
 * app learns the folder from the build-time constant `__LOCALES_PATH__`. JSON parses faster
 * than a script runs, and the entry no longer carries a loader per file (see
 * docs/decisions/0008-first-screen-loading.md). The dev server serves the source files.
 */
export function localeAssets(): Plugin {
  let folder = '';
  // Read once per build: the hash and the emitted files come from the same reading.
  let files: ReturnType<typeof readLocaleFiles> = [];
  return {
    name: 'portal:locale-assets',
    config(_config, { command }) {
      if (command === 'build') {
        files = readLocaleFiles();
        const hash = createHash('sha256');
        for (const file of files) hash.update(`${file.language}/${file.namespace}\n${file.json}\n`);
        folder = `assets/locales-${hash.digest('hex').slice(0, 10)}/`;
      } else {
        folder = 'locales-dev/';
      }
      return { define: { __LOCALES_PATH__: JSON.stringify(folder) } };
    },
    configureServer(server) {
      server.middlewares.use(`/${folder}`, (req, res, next) => {
        // The one file asked for, read fresh (it may have been edited since the last request).
        const match = /^\/([\w-]+)\/(\w+)\.json$/.exec(req.url ?? '');
        const file = match && path.join(LOCALES_DIR, match[1] ?? '', `${match[2] ?? ''}.json`);
        if (!file || !existsSync(file)) return next();
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.setHeader('cache-control', 'no-cache');
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      for (const file of files) {
        this.emitFile({
          type: 'asset',
          fileName: `${folder}${file.language}/${file.namespace}.json`,
          source: file.json,
        });
      }
    },
  };
}
