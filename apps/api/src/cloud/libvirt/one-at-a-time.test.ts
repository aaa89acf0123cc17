import { describe, expect, it } from 'vitest';
import { oneAtATime } from './one-at-a-time.js';

describe('one at a time', () => {
  it('runs one key’s work in order, after a failure too, and other keys beside it', async () => {
    const queue = oneAtATime();
    const seen: string[] = [];
    const step =
      (name: string, ms: number, fail = false) =>
      async () => {
        seen.push(`${name} starts`);
        await new Promise((r) => setTimeout(r, ms));
        seen.push(`${name} ends`);
        if (fail) throw new Error(name);
        return name;
      };
    const a1 = queue('a', step('a1', 20, true));
    const a2 = queue('a', step('a2', 1));
    const b1 = queue('b', step('b1', 1));
    await expect(a1).rejects.toThrow('a1');
    expect(await a2).toBe('a2');
    expect(await b1).toBe('b1');
    expect(seen.indexOf('a1 ends')).toBeLessThan(seen.indexOf('a2 starts'));
    expect(seen.indexOf('b1 ends')).toBeLessThan(seen.indexOf('a1 ends'));
  });
});
