import { inNeedOrder } from './module-order.js';
import type { ListedModule } from './portal-module.js';
import type { Platform } from './platform.js';

/**
 * Every module registered on the platform, each after the modules it needs and given what they
 * gave (ModuleGifts). What the modules gave is returned by name.
 */
export async function registerModules(
  platform: Platform,
  modules: readonly ListedModule[],
): Promise<ReadonlyMap<string, unknown>> {
  const gifts = new Map<string, unknown>();
  for (const module of inNeedOrder(modules)) {
    const given = Object.fromEntries(module.needs.map((name) => [name, gifts.get(name)]));
    gifts.set(module.name, await module.register(platform, given));
  }
  return gifts;
}
