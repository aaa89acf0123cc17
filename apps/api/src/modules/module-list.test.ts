import { expect, it } from 'vitest';
import { inNeedOrder } from '../platform/modules/module-order.js';
import { MODULES } from './index.js';

/** The API's modules in the order they are registered and their demo seeded (their needs'). */
const order = inNeedOrder(MODULES).map((module) => module.name);
const before = (a: string, b: string) =>
  expect(order.indexOf(a), `${a} before ${b}`).toBeLessThan(order.indexOf(b));

it('lists every module once, every need among them, in no circle', () => {
  expect(order).toHaveLength(MODULES.length);
  expect(new Set(order).size).toBe(MODULES.length);
});

it('seeds the demo fleet first, the meter after what it reads, tickets after the staff who answered them', () => {
  before('compute', 'network');
  before('compute', 'metrics');
  before('metrics', 'usage');
  before('network', 'usage');
  before('storage', 'usage');
  before('registration', 'tickets');
  before('compute', 'tickets');
});

it('registers each module after those whose gifts it receives', () => {
  before('usage', 'alarms');
  before('metrics', 'alarms');
  before('orders', 'data-store');
  before('data-store', 'dashboard');
  before('usage', 'dashboard');
});
