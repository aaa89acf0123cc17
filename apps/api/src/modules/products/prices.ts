import { priceCodes, type PriceCodes } from '@portal/shared';
import type { Db } from '../../db/database.js';
import { priceItems } from '../../db/schema/index.js';

const TTL_MS = 60_000;
let cached: { at: number; codes: PriceCodes } | null = null;

/**
 * The price list as code → unit price, read at most once a minute: every VM and disk row carries
 * its monthly estimate, and the list changes only with a migration.
 */
async function loadPriceCodes(db: Db): Promise<PriceCodes> {
  if (cached && Date.now() - cached.at < TTL_MS) return cached.codes;
  const items = await db.select({ code: priceItems.code, unitPrice: priceItems.unitPrice }).from(priceItems);
  cached = { at: Date.now(), codes: priceCodes(items) };
  return cached.codes;
}

/**
 * Rows read with their price's inputs in `monthlyPrice` (text the list query makes, such as
 * `cpu:ram:licensed:publicIp`), given their monthly estimate in place: one estimate per distinct
 * input, and no copy of the rows (with 10,000 VMs a copy per row cost 16 ms and its garbage).
 */
export async function priceInPlace<R extends { monthlyPrice: string }>(
  db: Db,
  rows: R[],
  estimate: (prices: PriceCodes, row: R, inputs: string) => string,
): Promise<R[]> {
  const prices = await loadPriceCodes(db);
  const estimates = new Map<string, string>();
  for (const row of rows) {
    const inputs = row.monthlyPrice;
    let total = estimates.get(inputs);
    if (total === undefined) {
      total = estimate(prices, row, inputs);
      estimates.set(inputs, total);
    }
    row.monthlyPrice = total;
  }
  return rows;
}
