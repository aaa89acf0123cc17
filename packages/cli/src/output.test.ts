import { describe, expect, it } from 'vitest';
import { cell, displayWidth, record, table } from './output.js';

describe('table output', () => {
  it('aligns columns to the widest cell, wide characters counting two', () => {
    expect(displayWidth('名稱')).toBe(4);
    expect(displayWidth('web-1')).toBe(5);
    expect(
      table(
        ['名稱', 'STATUS'],
        [
          ['web-1', '運行中'],
          ['a', null],
        ],
      ),
    ).toEqual(['名稱   STATUS', 'web-1  運行中', 'a      -']);
  });

  it('shows none as "-", lists joined by commas, objects as JSON', () => {
    expect(cell(null)).toBe('-');
    expect(cell('')).toBe('-');
    expect(cell([])).toBe('-');
    expect(cell(['a', 'b'])).toBe('a,b');
    expect(cell({ a: 1 })).toBe('{"a":1}');
    expect(cell(0)).toBe('0');
    expect(
      record([
        ['uuid', 'x'],
        ['name', 'web-1'],
      ]),
    ).toEqual(['uuid  x', 'name  web-1']);
  });
});
