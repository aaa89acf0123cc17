import { priceCodes, type PriceCodes } from '@portal/shared';
import type { Db } from '../../db/database.js';
import { priceItems } from '../../db/schema/index.js';

const TTL_MS = 60_000;
let cached: { at: number; codes: PriceCodes } | null = null;

/**
 * The price list as code → unit price, read at most once a minute: every VM and disk row carries
 * its monthly estimate, and the list changes only with a migration.
 */
export async function loadPriceCodes(db: Db): Promise<PriceCodes> {
  if (cached && Date.now() - cached.at < TTL_MS) return cached.codes;
  const items = await db.select({ code: priceItems.code, unitPrice: priceItems.unitPrice }).from(priceItems);
  cached = { at: Date.now(), codes: priceCodes(items) };
  return cached.codes;
}
