import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Where the build says which mode it was made in, relative to the build's folder. */
export const BUILD_MODE_FILE = '.vite/build-mode.json';

/** What `dist/.vite/build-mode.json` holds. */
export type BuildMode = {
  /** The `process.env.NODE_ENV` the bundle was built with: React's production build needs 'production'. */
  nodeEnv: string;
  /** Vite's mode (`--mode`). */
  mode: string;
};

/**
 * Writes `.vite/build-mode.json`: the NODE_ENV the bundle was built with. Vite builds React's
 * development build (twice the size, and slow) whenever the shell has NODE_ENV=development, so
 * the scripts that build for `npm start` and the tests force production and read this file to
 * rebuild a build made in another mode (scripts/lib.mjs, ensureWebBuild). A build that is not
 * production says so loudly.
 */
export function buildMode(): Plugin {
  let outDir = '';
  let stamp: BuildMode = { nodeEnv: '', mode: '' };
  return {
    name: 'portal:build-mode',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      // The value Vite replaces `process.env.NODE_ENV` with in the bundle.
      stamp = { nodeEnv: process.env.NODE_ENV || config.mode, mode: config.mode };
      if (stamp.nodeEnv !== 'production') {
        config.logger.warn(
          `\nThis is a ${stamp.nodeEnv} build (NODE_ENV=${stamp.nodeEnv}): React's development build, ` +
            'not for serving. `npm start` builds with NODE_ENV=production.\n',
        );
      }
    },
    // Written once the bundle is on disk, so a failed build leaves no stamp of its own.
    writeBundle() {
      const file = path.join(outDir, BUILD_MODE_FILE);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify(stamp)}\n`);
    },
  };
}
