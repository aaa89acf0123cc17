const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * Intl's date format of `options` in `timeZone`, made once for each: making one costs some fifteen
 * times using it (97 µs against 6 µs), and the server asks for a customer's day or hour often.
 */
export function zonedFormat(
  locale: string,
  timeZone: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}
