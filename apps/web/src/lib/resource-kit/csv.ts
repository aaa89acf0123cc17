import type { Paged } from '../api/resource';
import { saveBlob } from '../save-file';

/** Rows per request of an export: a list of any length comes in a few calls. */
export const EXPORT_PAGE_SIZE = 1000;

/**
 * A CSV cell: quoted when it holds a separator, a quote or a line break; a leading `= + - @`
 * gets an apostrophe so a spreadsheet never runs a cell as a formula (CSV injection).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** UTF-8 CSV with a byte-order mark (Excel reads Chinese correctly only with it), CRLF lines. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return `\uFEFF${[header, ...rows].map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/**
 * A column of a list's CSV: its header in the reader's language and the row's value as text. A
 * list names its columns one by one, so a field it never declares (a secret) never reaches a file.
 */
export interface CsvColumn<T> {
  header: string;
  text: (row: T) => string;
}

/** The rows as CSV, one line per row. */
export const csvOf = <T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string =>
  toCsv(
    columns.map((c) => c.header),
    rows.map((row) => columns.map((c) => c.text(row))),
  );

/**
 * Every row of a list, page after page, with the list's filters and sort: the export holds all
 * rows, not the page on screen. Stops at the total, or at an empty page if rows vanish meanwhile.
 */
export async function fetchAllRows<T>(
  fetchPage: (page: number, limit: number) => Promise<Paged<T>>,
  pageSize = EXPORT_PAGE_SIZE,
): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 0; ; page++) {
    const answer = await fetchPage(page, pageSize);
    rows.push(...answer.records);
    if (answer.records.length === 0 || rows.length >= answer.total) return rows;
  }
}

/** Hands a text to the browser as a download. */
export function saveText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  saveBlob(filename, new Blob([text], { type }));
}

/** Saves rows as `<name>-<YYYY-MM-DD>.csv`. */
export function saveCsv<T>(name: string, columns: readonly CsvColumn<T>[], rows: readonly T[]): void {
  const day = new Date().toISOString().slice(0, 10);
  saveText(`${name}-${day}.csv`, csvOf(columns, rows));
}

/** Saves every page of a list (its filters are the fetcher's) as CSV. */
export async function exportAllRows<T>(
  name: string,
  columns: readonly CsvColumn<T>[],
  fetchPage: (page: number, limit: number) => Promise<Paged<T>>,
): Promise<void> {
  saveCsv(name, columns, await fetchAllRows(fetchPage));
}
