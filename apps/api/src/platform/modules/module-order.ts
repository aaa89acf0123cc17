/** What the order needs of a module: its name and the names of the modules it needs. */
export interface Needing {
  readonly name: string;
  readonly needs: readonly string[];
}

/**
 * The modules in an order where each comes after every module it needs: the listed order, except
 * that a module's needs are brought in before it (depth first, in the order it names them). A
 * name listed twice, a need no listed module has, or needs that go round in a circle stop the
 * start here, with what to fix.
 */
export function inNeedOrder<M extends Needing>(modules: readonly M[]): M[] {
  const byName = new Map<string, M>();
  for (const module of modules) {
    if (byName.has(module.name)) throw new Error(`Module "${module.name}" is listed twice`);
    byName.set(module.name, module);
  }
  const ordered: M[] = [];
  const done = new Set<string>();
  /** The modules being visited, each waiting for its needs: a need among them is a circle. */
  const path: string[] = [];
  const visit = (module: M) => {
    if (done.has(module.name)) return;
    if (path.includes(module.name)) {
      const circle = [...path.slice(path.indexOf(module.name)), module.name].join(' → ');
      throw new Error(`Modules need each other in a circle: ${circle}`);
    }
    path.push(module.name);
    for (const name of module.needs) {
      const need = byName.get(name);
      if (!need)
        throw new Error(`Module "${module.name}" needs "${name}", which is not in the list of modules`);
      visit(need);
    }
    path.pop();
    done.add(module.name);
    ordered.push(module);
  };
  for (const module of modules) visit(module);
  return ordered;
}
