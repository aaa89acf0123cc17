import type { Plugin } from 'vite';

/**
 * Lists the chunks of some lazy modules (and what they import) as <link rel="modulepreload"> in
 * the built index.html, so the browser fetches them beside the entry instead of after it has run.
 * Used for the portal layout and Home: every public page needs the first, and Home is where most
 * visits begin (see docs/decisions/0003-web-first-load-budget.md).
 */
export function preloadLazyModules(modules: readonly string[]): Plugin {
  return {
    name: 'portal:preload-lazy-modules',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const entry = chunks.find((c) => c.isEntry);
        // The entry's own imports are preloaded by Vite already.
        const done = new Set<string>([entry?.fileName ?? '', ...(entry?.imports ?? [])]);
        const files: string[] = [];
        const visit = (fileName: string) => {
          if (done.has(fileName)) return;
          done.add(fileName);
          files.push(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
        };
        for (const module of modules) {
          const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(module)));
          if (!chunk) throw new Error(`preloadLazyModules: no chunk for ${module}`);
          visit(chunk.fileName);
        }
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
