/** Where a command writes: stdout for its answer, stderr for progress and errors. */
export interface Io {
  out(line: string): void;
  err(text: string): void;
  /** Whether stderr is a terminal: progress rewrites one line there, else it prints a line per change. */
  errIsTTY: boolean;
}

export type OutputFormat = 'table' | 'json';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['table', 'json'];

/** Columns a character takes in a terminal: East Asian wide and full-width ones take two. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    const wide =
      (c >= 0x1100 && c <= 0x115f) ||
      (c >= 0x2e80 && c <= 0xa4cf) ||
      (c >= 0xac00 && c <= 0xd7a3) ||
      (c >= 0xf900 && c <= 0xfaff) ||
      (c >= 0xfe30 && c <= 0xfe4f) ||
      (c >= 0xff00 && c <= 0xff60) ||
      (c >= 0xffe0 && c <= 0xffe6);
    width += wide ? 2 : 1;
  }
  return width;
}

const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - displayWidth(text)));

/** A value as a table cell: none as "-", a list joined by commas, an object as JSON. */
export function cell(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (Array.isArray(value)) return value.length ? value.map(cell).join(',') : '-';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Rows under their headers, each column as wide as its widest cell, two spaces apart. */
export function table(headers: string[], rows: unknown[][]): string[] {
  const cells = rows.map((row) => row.map(cell));
  const widths = headers.map((h, i) =>
    Math.max(displayWidth(h), ...cells.map((r) => displayWidth(r[i] ?? ''))),
  );
  const line = (row: string[]) =>
    row
      .map((c, i) => (i === row.length - 1 ? c : pad(c, widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(headers), ...cells.map(line)];
}

/** One record as label / value lines, the labels aligned. */
export function record(pairs: [string, unknown][]): string[] {
  const width = Math.max(0, ...pairs.map(([label]) => displayWidth(label)));
  return pairs.map(([label, value]) => `${pad(label, width)}  ${cell(value)}`.trimEnd());
}

/** The API's data as it came, for scripts (`--output json`). */
export const json = (data: unknown): string[] => [JSON.stringify(data, null, 2)];
