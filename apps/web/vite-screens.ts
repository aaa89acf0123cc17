import type { Plugin } from 'vite';

/**
 * A code-splitting group holding the lazy code of the screen most visits begin on (Home in the
 * portal frame) in one chunk: every module its roots import statically, less what the entry's
 * import graph already reaches. Left alone, the bundler cuts lazy code into a chunk per set of
 * importers, so Home's frame arrived as eight files of 1 to 5 KB; on a slow mobile link each file
 * is a request and each request a round trip. Declare the group after the first-load groups.
 */
export function screenChunk(name: string, roots: readonly string[]) {
  const members = new Set<string>();

  const plugin: Plugin = {
    name: `portal:screen-chunk-${name}`,
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const closure = (starts: readonly string[], stop: ReadonlySet<string>) => {
        const seen = new Set<string>();
        const walk = (id: string) => {
          if (seen.has(id) || stop.has(id)) return;
          seen.add(id);
          this.getModuleInfo(id)?.importedIds.forEach(walk);
        };
        starts.forEach(walk);
        return seen;
      };
      const initial = closure(
        ids.filter((id) => this.getModuleInfo(id)?.isEntry),
        new Set(),
      );
      const rootIds = roots.map((root) => {
        const id = ids.find((candidate) => candidate.endsWith(root));
        if (!id) throw new Error(`screenChunk: no module ${root}`);
        return id;
      });
      closure(rootIds, initial).forEach((id) => members.add(id));
    },
  };

  const group = { name, test: (id: string) => members.has(id), includeDependenciesRecursively: false };
  return { plugin, group };
}
