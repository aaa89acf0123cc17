/**
 * Usage figures as a reader sees them. Quantities are measurements (vCPU-hours, GB-hours, GB
 * sent) and may be shown through a float; money goes through formatMoney, never a float.
 */

const formats = new Map<string, Intl.NumberFormat>();
const numberFormat = (language: string, digits: number) => {
  const key = `${language}|${digits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits: digits });
    formats.set(key, format);
  }
  return format;
};

/** A metered quantity ("72000" → "72,000"; "3.6" → "3.6"), at most three decimals. */
export const formatQuantity = (quantity: string, language: string) =>
  numberFormat(language, 3).format(Number(quantity));

/**
 * A unit price as the price list has it, with at least two decimals and at most its four
 * ("0.8500" → "0.85", "0.0001" → "0.0001"), worked on the digits.
 */
export function formatUnitPrice(price: string): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(price);
  if (!match) return price;
  const whole = match[1]!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (match[2] ?? '').replace(/0+$/, '').padEnd(2, '0');
  return `${whole}.${fraction}`;
}

/** 'YYYY-MM' as a month and year in the reader's language. */
export function formatMonth(month: string, language: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, 1)),
  );
}

/** A price-list code as a translation key (`vm.public-ip` → `vm_public_ip`): keys hold no dots. */
export const codeKey = (code: string) => code.replace(/[.-]/g, '_');

/** The price list's name of a code in the reader's language; undefined when the list lacks it. */
export function priceName(
  code: string,
  prices: Record<string, { nameC: string; nameE: string }>,
  language: string,
): string | undefined {
  const price = prices[code];
  if (!price) return undefined;
  return language === 'en' ? price.nameE : price.nameC;
}
