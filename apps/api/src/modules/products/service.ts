import { asc, eq } from 'drizzle-orm';
import type { PriceItem, ProductDetail } from '@portal/shared';
import type { Db } from '../../db/database.js';
import { priceItems, productContents, resourceTypes, type PriceItemRow } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';

const toPriceItem = (row: PriceItemRow): PriceItem => ({
  code: row.code,
  productId: String(row.resourceTypeId),
  nameC: row.nameC,
  nameE: row.nameE,
  unit: row.unit,
  // numeric comes back from both drivers as its exact decimal text.
  unitPrice: row.unitPrice,
  currency: 'TWD',
});

/** Product pages and the price list: the same for every visitor, so not tenant-scoped. */
export function createProductService(db: Db) {
  async function prices(productId?: number): Promise<PriceItem[]> {
    const rows = await db
      .select()
      .from(priceItems)
      .where(productId === undefined ? undefined : eq(priceItems.resourceTypeId, productId))
      .orderBy(asc(priceItems.sort), asc(priceItems.id));
    return rows.map(toPriceItem);
  }

  return {
    prices,
    async detail(id: number): Promise<ProductDetail> {
      const [row] = await db
        .select()
        .from(resourceTypes)
        .innerJoin(productContents, eq(productContents.resourceTypeId, resourceTypes.id))
        .where(eq(resourceTypes.id, id));
      if (!row) throw notFound();
      const { resource_types: type, product_contents: content } = row;
      return {
        id: String(type.id),
        productNameC: type.productNameC,
        productNameE: type.productNameE,
        summaryC: content.summaryC,
        summaryE: content.summaryE,
        overviewC: content.overviewC,
        overviewE: content.overviewE,
        functionsC: content.functionsC,
        functionsE: content.functionsE,
        prices: await prices(id),
      };
    },
  };
}

export type ProductService = ReturnType<typeof createProductService>;
