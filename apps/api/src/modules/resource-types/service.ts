import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { resourceTypes, type ResourceTypeRow } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';

/** The web keys products by string ids (spec section 3). */
const toResourceType = (row: ResourceTypeRow) => ({
  id: String(row.id),
  productNameC: row.productNameC,
  productNameE: row.productNameE,
});

/** The product catalogue: the same for every customer, so not tenant-scoped. */
export function createResourceTypeService(db: Db) {
  return {
    async list() {
      const rows = await db
        .select()
        .from(resourceTypes)
        .orderBy(asc(resourceTypes.sort), asc(resourceTypes.id));
      return rows.map(toResourceType);
    },
    async get(id: number) {
      const [row] = await db.select().from(resourceTypes).where(eq(resourceTypes.id, id));
      if (!row) throw notFound();
      return toResourceType(row);
    },
  };
}

export type ResourceTypeService = ReturnType<typeof createResourceTypeService>;
