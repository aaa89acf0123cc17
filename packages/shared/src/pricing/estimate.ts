import { HOURS_PER_MONTH } from '../constants.js';
import { DiskSpeed } from '../enums/disk.js';
import { ccxEngine, ccxNodeSize } from '../schemas/ccx.js';

/**
 * Monthly estimates from the one price list (ARCHITECTURE, "Money is exact"). Amounts are worked
 * in integer ten-thousandths of a dollar, the price list's precision, so no float ever rounds;
 * they leave as decimal strings with four places ("1234.5600").
 */
export type PriceCodes = Readonly<Record<string, string>>;

const SCALE = 10_000;

/** "0.8500" → 8500; a missing or malformed price counts as 0 rather than NaN. */
function units(price: string | undefined): number {
  const m = price === undefined ? null : /^(\d{1,12})(?:\.(\d{1,4}))?$/.exec(price);
  if (!m) return 0;
  return Number(m[1]) * SCALE + Number((m[2] ?? '').padEnd(4, '0'));
}

export function formatUnits(n: number): string {
  const whole = Math.floor(n / SCALE);
  return `${whole}.${String(n % SCALE).padStart(4, '0')}`;
}

export interface EstimateLine {
  /** The price list's code (`vm.vcpu`, `disk.ssd`, ...). */
  code: string;
  /** How many of the code's unit a month holds (vCPU-hours, GB-months, ...). */
  quantity: number;
  amount: string;
}

/**
 * A charge by use the month's total cannot know beforehand (data sent, data stored, a month's
 * 95th percentile): the code and its unit price, shown beside the fixed lines.
 */
export interface EstimateRate {
  code: string;
  unitPrice: string;
}

export interface Estimate {
  lines: EstimateLine[];
  total: string;
  /** What is charged on top by use, at these unit prices (none: the total is all). */
  rates: EstimateRate[];
}

/** A whole positive count, or 0 for anything else (a field still being typed). */
export const wholeOrZero = (n: number) => (Number.isInteger(n) && n > 0 ? n : 0);

/**
 * An estimate of `parts` (code and how many of its unit a month holds; none is left out at 0) and
 * the `rates` charged by use on top.
 */
export function estimateOf(
  prices: PriceCodes,
  parts: [code: string, quantity: number][],
  rates: readonly string[] = [],
): Estimate {
  const lines = parts
    .filter(([, quantity]) => quantity > 0)
    .map(([code, quantity]) => ({ code, quantity, units: units(prices[code]) * quantity }));
  const total = lines.reduce((sum, l) => sum + l.units, 0);
  return {
    lines: lines.map(({ code, quantity, units: u }) => ({ code, quantity, amount: formatUnits(u) })),
    total: formatUnits(total),
    rates: rates.map((code) => ({ code, unitPrice: formatUnits(units(prices[code])) })),
  };
}

/** What a change does to the monthly total: after − before, signed ("-450.0000", "0.0000"). */
export function estimateChange(before: Estimate, after: Estimate): string {
  const diff = units(after.total) - units(before.total);
  return `${diff < 0 ? '-' : ''}${formatUnits(Math.abs(diff))}`;
}

export const diskPriceCode = (speed: number) => (speed === DiskSpeed.HDD ? 'disk.hdd' : 'disk.ssd');

export interface VmSizing {
  cpuCore: number;
  ramSize: number;
  /** A Windows image: its licence is charged per vCPU-hour. */
  licensed: boolean;
  publicIp: boolean;
}

/** A VM's month of compute at the given vCPU and memory codes, with licence and public address. */
function vmParts(prices: PriceCodes, vm: VmSizing, codes: { vcpu: string; ram: string }): Estimate {
  const cpu = wholeOrZero(vm.cpuCore);
  const ram = wholeOrZero(vm.ramSize);
  return estimateOf(prices, [
    [codes.vcpu, cpu * HOURS_PER_MONTH],
    [codes.ram, ram * HOURS_PER_MONTH],
    ['vm.image.windows', vm.licensed ? cpu * HOURS_PER_MONTH : 0],
    ['vm.public-ip', vm.publicIp ? HOURS_PER_MONTH : 0],
  ]);
}

/** A VM's own monthly charge: compute, licence and public address (its disks are their own). */
export const vmMonthlyEstimate = (prices: PriceCodes, vm: VmSizing): Estimate =>
  vmParts(prices, vm, { vcpu: 'vm.vcpu', ram: 'vm.ram' });

/**
 * A VM's month on an annual contract: its vCPU and memory at the annual codes (`vm.vcpu.annual`,
 * `vm.ram.annual`, per hour, every hour of the term whether it runs or not), its licence and public
 * address at their usual prices.
 */
export const vmAnnualMonthlyEstimate = (prices: PriceCodes, vm: VmSizing): Estimate =>
  vmParts(prices, vm, { vcpu: 'vm.vcpu.annual', ram: 'vm.ram.annual' });

/**
 * What a term of `months` costs, annual and on demand, the price fixed when the VM is converted:
 * (cpu × vm.vcpu.annual + ram × vm.ram.annual [+ licence + public address]) × HOURS_PER_MONTH ×
 * months, against the same hours at the on-demand prices (the saving the order page shows).
 */
export function vmAnnualTerm(
  prices: PriceCodes,
  vm: VmSizing,
  months: number,
): { monthly: Estimate; term: string; onDemandMonthly: Estimate; onDemandTerm: string } {
  const monthly = vmAnnualMonthlyEstimate(prices, vm);
  const onDemandMonthly = vmMonthlyEstimate(prices, vm);
  const n = wholeOrZero(months);
  return {
    monthly,
    term: formatUnits(units(monthly.total) * n),
    onDemandMonthly,
    onDemandTerm: formatUnits(units(onDemandMonthly.total) * n),
  };
}

export function diskMonthlyEstimate(
  prices: PriceCodes,
  disk: { diskSize: number; diskSpeed: number },
): Estimate {
  return estimateOf(prices, [[diskPriceCode(disk.diskSpeed), wholeOrZero(disk.diskSize)]]);
}

/** What the create form shows: the VM and the disks created with it, line by line. */
export function newVmMonthlyEstimate(
  prices: PriceCodes,
  vm: VmSizing & { disks: { diskSize: number; diskSpeed: number }[] },
): Estimate {
  const parts = [vmMonthlyEstimate(prices, vm), ...vm.disks.map((d) => diskMonthlyEstimate(prices, d))];
  const byCode = new Map<string, { quantity: number; units: number }>();
  for (const line of parts.flatMap((p) => p.lines)) {
    const sum = byCode.get(line.code) ?? { quantity: 0, units: 0 };
    byCode.set(line.code, { quantity: sum.quantity + line.quantity, units: sum.units + units(line.amount) });
  }
  const lines = [...byCode].map(([code, { quantity, units: u }]) => ({
    code,
    quantity,
    amount: formatUnits(u),
  }));
  return { lines, total: formatUnits([...byCode.values()].reduce((s, l) => s + l.units, 0)), rates: [] };
}

export interface ClusterSizing {
  engine: string;
  nodeSize: string;
  nodeCount: number;
}

/** The management surcharge's code of an engine's kind, per node vCPU-hour. */
export const clusterPriceCode = (kind: 'database' | 'kubernetes') =>
  kind === 'database' ? 'cluster.database' : 'cluster.kubernetes';

function clusterParts(prices: PriceCodes, cluster: ClusterSizing, hours: number): Estimate {
  const engine = ccxEngine(cluster.engine);
  const size = ccxNodeSize(cluster.nodeSize);
  const nodes = wholeOrZero(cluster.nodeCount);
  if (!engine || !size) return estimateOf(prices, []);
  return estimateOf(prices, [
    ['vm.vcpu', size.cpu * nodes * hours],
    ['vm.ram', size.ramGb * nodes * hours],
    [clusterPriceCode(engine.kind), size.cpu * nodes * hours],
  ]);
}

/**
 * A CCX cluster's monthly charge: each node is charged as a VM of its size (vCPU and memory), plus
 * the engine's management surcharge per vCPU-hour. The create and scale forms show it live and
 * every listed cluster carries it, from this one function.
 */
export const clusterMonthlyEstimate = (prices: PriceCodes, cluster: ClusterSizing): Estimate =>
  clusterParts(prices, cluster, HOURS_PER_MONTH);

/** The same charge for one hour (exact: unit prices are per hour and quantities whole). */
export const clusterHourlyTotal = (prices: PriceCodes, cluster: ClusterSizing): string =>
  clusterParts(prices, cluster, 1).total;

/** The price list as a code → unit price map. */
export function priceCodes(items: readonly { code: string; unitPrice: string }[]): PriceCodes {
  return Object.fromEntries(items.map((i) => [i.code, i.unitPrice]));
}

/** A data-store commitment's monthly charge (GB-months of `ccis.commit`). */
export const ccisMonthlyEstimate = (prices: PriceCodes, commitGb: number): Estimate =>
  estimateOf(prices, [['ccis.commit', wholeOrZero(commitGb)]]);

/** The same commitment for a whole term of `months`. */
export const ccisTermTotal = (prices: PriceCodes, commitGb: number, months: number): string =>
  formatUnits(units(ccisMonthlyEstimate(prices, commitGb).total) * (Number.isInteger(months) ? months : 0));

/** A month of use above the commitment, whole GB at `ccis.excess` (what the valuation charges). */
export const ccisExcessEstimate = (prices: PriceCodes, excessGb: number): Estimate =>
  estimateOf(prices, [['ccis.excess', wholeOrZero(excessGb)]]);
