import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** What `dist/.vite/chunks.json` says of one chunk file. */
export type ChunkReport = { isEntry: boolean; modules: string[]; imports: string[] };

/**
 * Writes `.vite/chunks.json`: every JS chunk with the source modules it holds (paths relative to
 * the app) and the chunks it imports statically. Vite's manifest names only chunks that stand for
 * one module, and grouped chunks (vite-screens.ts) stand for many; the bundle budget
 * (scripts/bundle-budget.mjs) needs to know which chunk holds a page.
 */
export function chunkReport(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'portal:chunk-report',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After every plugin has renamed what it renames: the names here are the files on disk.
    writeBundle(_options, bundle) {
      const report: Record<string, ChunkReport> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        report[chunk.fileName] = {
          isEntry: chunk.isEntry,
          modules: chunk.moduleIds
            .filter((id) => !id.startsWith('\0'))
            .map((id) => path.relative(root, id).split(path.sep).join('/')),
          imports: chunk.imports,
        };
      }
      mkdirSync(path.join(outDir, '.vite'), { recursive: true });
      writeFileSync(path.join(outDir, '.vite', 'chunks.json'), JSON.stringify(report));
    },
  };
}
