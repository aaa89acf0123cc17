/**
 * Metered usage (issue 13: the usage report and the valuation). The hourly meter records what each
 * customer used in units of the hour (vCPU-hours, GB-hours, ...) and, per line, how many of them
 * make one unit of the price list (`per`): 1 for the list's hourly prices and for transfer,
 * HOURS_PER_MONTH (730) for its monthly ones (a GB-month of disk is 730 GB-hours). A line's amount
 * is quantity × unit price ÷ per, rounded half up to the ten-thousandth once per line; totals are
 * sums of line amounts, so the report and the valuation add up to the same figure.
 */

/** The unit a metered quantity is counted in (what the report's quantity column says). */
export const METERED_UNITS = [
  'vcpuHour',
  'gbRamHour',
  'ipHour',
  'gbHour',
  'instanceHour',
  'mbpsHour',
  /** Decimal gigabytes sent (10^9 bytes). */
  'gb',
  /** A month's 95th-percentile bandwidth, whole Mbps. */
  'mbps',
  /** Gigabytes for the month (a data-store commitment, use above it). */
  'gbMonth',
] as const;
export type MeteredUnit = (typeof METERED_UNITS)[number];

/** What a resource line belongs to (the report's kinds, with a total each). */
export const USAGE_KINDS = [
  'vm',
  'disk',
  'snapshot',
  'bucket',
  'vpc',
  'balancer',
  'firewall',
  'exchange',
  'cluster',
  'dataStore',
] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];

/**
 * The valuation's items (spec section 3: total VMs, CPUs, RAM, disks, bandwidth, charged images,
 * data store commit, maximum usage, total excess; and what else the meter charges).
 */
export const VALUATION_ITEMS = [
  'cpus',
  'ram',
  'chargedImages',
  'publicIps',
  'disks',
  'snapshots',
  'bandwidth',
  'objectStorage',
  'dataStoreCommit',
  'totalExcess',
  'balancers',
  'firewalls',
  'exchanges',
  'clusters',
] as const;
export type ValuationItem = (typeof VALUATION_ITEMS)[number];

/** The item a line of the meter counts towards. */
export function valuationItemOf(kind: string, code: string): ValuationItem {
  if (kind === 'cluster') return 'clusters';
  if (code.startsWith('vm.vcpu')) return 'cpus';
  if (code.startsWith('vm.ram')) return 'ram';
  if (code === 'vm.image.windows') return 'chargedImages';
  if (code === 'vm.public-ip') return 'publicIps';
  if (code.startsWith('disk.')) return 'disks';
  if (code.startsWith('snapshot.')) return 'snapshots';
  if (code.startsWith('vpc.')) return 'bandwidth';
  if (code.startsWith('obs.')) return 'objectStorage';
  if (code === 'ccis.commit') return 'dataStoreCommit';
  if (code === 'ccis.excess') return 'totalExcess';
  if (code.startsWith('lb.')) return 'balancers';
  if (code.startsWith('ccx.')) return 'exchanges';
  return 'firewalls';
}

/** The price code of stored objects while a data-store contract covers them (not priced). */
export const OBS_STORAGE_UNDER_CONTRACT = 'obs.storage.contract';

const DECIMAL = /^(\d{1,24})(?:\.(\d{1,9}))?$/;

/** "12.5" → 12_500_000_000n (nine places); a malformed figure counts as 0. */
function nanos(value: string): bigint {
  const m = DECIMAL.exec(value);
  if (!m) return 0n;
  return BigInt(m[1]!) * 1_000_000_000n + BigInt((m[2] ?? '').padEnd(9, '0'));
}

/** Ten-thousandths as a decimal string with four places ("12.3400"). */
export function formatTenThousandths(n: bigint): string {
  const sign = n < 0n ? '-' : '';
  const abs = n < 0n ? -n : n;
  return `${sign}${abs / 10_000n}.${String(abs % 10_000n).padStart(4, '0')}`;
}

/** A decimal amount ("12.34") in ten-thousandths; a malformed one counts as 0. */
export const tenThousandthsOf = (amount: string): bigint => nanos(amount) / 100_000n;

/**
 * One line's amount: quantity × unit price ÷ per, rounded half up to four places, worked in
 * integers (the database's `usage_amount` does the same, so a sort by amount and the figures
 * agree). `quantity` has up to nine decimals, `unitPrice` up to four.
 */
export function meteredAmount(quantity: string, unitPrice: string | undefined, per: number): string {
  if (unitPrice === undefined || !Number.isInteger(per) || per <= 0) return '0.0000';
  // quantity × price in 10^-13, wanted in 10^-4 and divided by per: ÷ (10^9 × per), half up.
  const product = nanos(quantity) * (nanos(unitPrice) / 100_000n);
  const divisor = 1_000_000_000n * BigInt(per);
  return formatTenThousandths((product * 2n + divisor) / (2n * divisor));
}

/** The sum of decimal amounts, exact. */
export const sumAmounts = (amounts: readonly string[]): string =>
  formatTenThousandths(amounts.reduce((sum, a) => sum + tenThousandthsOf(a), 0n));

/** A month of the report ('YYYY-MM'). */
export const USAGE_MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month `months` before `month` (negative: after). */
export function shiftMonth(month: string, months: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) - months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The month picker's choices: this month and the `count - 1` before it, newest first. */
export const recentMonths = (current: string, count = 12): string[] =>
  Array.from({ length: count }, (_, i) => shiftMonth(current, i));
