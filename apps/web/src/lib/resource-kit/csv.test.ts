import { describe, expect, it, vi } from 'vitest';
import { csvCell, fetchAllRows, toCsv } from './csv';

describe('CSV export', () => {
  it('writes UTF-8 with a byte-order mark and CRLF lines, quoting what needs it', () => {
    expect(
      toCsv(
        ['名稱', 'Note'],
        [
          ['虛擬機 1', 'a, "b"'],
          ['x', 'line\nbreak'],
        ],
      ),
    ).toBe('\uFEFF名稱,Note\r\n虛擬機 1,"a, ""b"""\r\nx,"line\nbreak"\r\n');
  });

  it('keeps a spreadsheet from running a cell as a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('web-01')).toBe('web-01');
  });

  it('fetches page after page until it holds the total', async () => {
    const fetchPage = vi.fn(async (page: number, limit: number) => {
      const all = Array.from({ length: 5 }, (_, i) => i);
      return { records: all.slice(page * limit, page * limit + limit), total: 5, page, limit };
    });
    await expect(fetchAllRows(fetchPage, 2)).resolves.toEqual([0, 1, 2, 3, 4]);
    expect(fetchPage.mock.calls).toEqual([
      [0, 2],
      [1, 2],
      [2, 2],
    ]);
  });

  it('stops at an empty page when rows vanish during the export', async () => {
    const fetchPage = vi.fn(async (page: number) => ({
      records: page === 0 ? [1] : [],
      total: 9,
      page,
      limit: 1,
    }));
    await expect(fetchAllRows(fetchPage, 1)).resolves.toEqual([1]);
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });
});
