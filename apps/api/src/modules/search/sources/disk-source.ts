import { eq } from 'drizzle-orm';
import { routePath } from '@portal/shared';
import { disks, vms } from '../../../db/schema/index.js';
import { asText } from '../../../platform/resources/list-query.js';
import { matcherOf, readMatches } from '../search-match.js';
import { defineSearchSource, hitOf, listPath } from '../search-source.js';

/** Disks by name or id, with the VM they are on; a hit opens the disk list filtered to it. */
export const diskSource = defineSearchSource({
  kind: 'disk',
  authority: 'compute/disk',
  async query(ctx, terms, limit) {
    const m = matcherOf(terms, [
      { field: 'name', column: disks.name, how: 'text' },
      { field: 'id', column: asText(disks.id), how: 'id' },
    ]);
    if (!m) return [];
    const rows = await readMatches(
      ctx,
      disks,
      m,
      limit,
      () => ({ title: disks.name, subtitle: vms.name, status: disks.status }),
      { join: { table: vms, on: eq(vms.id, disks.vmId) } },
    );
    return rows.map((row) => hitOf('disk', row, listPath(routePath('diskList'), row.id), 'vm'));
  },
});
