import { inNeedOrder } from './module-order.js';
import type { DemoSeedContext, ListedModule } from './portal-module.js';

/**
 * The modules' demo data, each module's after the modules it needs (the fleet before the networks
 * that guard it, the metric samples before the meter that reads them). On the start that created
 * the demo tenant every seed runs; on a later one only those marked `everyStart`.
 */
export async function seedDemoModules(
  modules: readonly ListedModule[],
  ctx: DemoSeedContext,
  tenantCreated: boolean,
): Promise<void> {
  for (const module of inNeedOrder(modules)) {
    const demo = module.demo;
    if (demo && (tenantCreated || demo.everyStart)) await demo.seed(ctx);
  }
}
