import { describe, expect, it } from 'vitest';
import { inNeedOrder, type Needing } from './module-order.js';

const m = (name: string, ...needs: string[]): Needing => ({ name, needs });
const names = (modules: Needing[]) => modules.map((module) => module.name);

describe('the order modules are registered and seeded in', () => {
  it('keeps the listed order where no need says otherwise', () => {
    expect(names(inNeedOrder([m('a'), m('b'), m('c')]))).toEqual(['a', 'b', 'c']);
  });

  it('brings a module’s needs in before it, in the order it names them', () => {
    const order = names(
      inNeedOrder([
        m('dashboard', 'data-store', 'usage'),
        m('usage'),
        m('data-store', 'orders'),
        m('orders'),
      ]),
    );
    expect(order).toEqual(['orders', 'data-store', 'usage', 'dashboard']);
  });

  it('refuses a need no listed module has, naming both', () => {
    expect(() => inNeedOrder([m('alarms', 'usage'), m('metrics')])).toThrow(
      'Module "alarms" needs "usage", which is not in the list of modules',
    );
  });

  it('refuses needs that go round in a circle, showing the circle', () => {
    expect(() => inNeedOrder([m('metrics', 'alarms'), m('alarms', 'usage'), m('usage', 'metrics')])).toThrow(
      'Modules need each other in a circle: metrics → alarms → usage → metrics',
    );
    expect(() => inNeedOrder([m('a', 'a')])).toThrow('Modules need each other in a circle: a → a');
  });

  it('refuses a name listed twice', () => {
    expect(() => inNeedOrder([m('a'), m('b'), m('a')])).toThrow('Module "a" is listed twice');
  });
});
