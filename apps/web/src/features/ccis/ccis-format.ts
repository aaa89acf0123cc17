const formats = new Map<string, Intl.NumberFormat>();

/** A count of GB grouped in the reader's language ("1,000"), with up to `digits` decimals. */
export function formatGb(value: number, language: string, digits = 0): string {
  const key = `${language}|${digits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits: digits });
    formats.set(key, format);
  }
  return format.format(value);
}
