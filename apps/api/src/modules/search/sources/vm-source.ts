import { routePath } from '@portal/shared';
import { vms } from '../../../db/schema/index.js';
import { asText } from '../../../platform/resources/list-query.js';
import { matcherOf, readMatches } from '../search-match.js';
import { defineSearchSource, hitOf } from '../search-source.js';

/** VMs by name, id, or any of their addresses; a hit opens the VM's page. */
export const vmSource = defineSearchSource({
  kind: 'vm',
  authority: 'compute/vm',
  async query(ctx, terms, limit) {
    const m = matcherOf(terms, [
      { field: 'name', column: vms.name, how: 'text' },
      { field: 'id', column: asText(vms.id), how: 'id' },
      { field: 'privateIp', column: vms.privateIp, how: 'address' },
      { field: 'publicIp', column: vms.publicIp, how: 'address' },
      { field: 'ipv6', column: vms.ipv6, how: 'address' },
    ]);
    if (!m) return [];
    const rows = await readMatches(ctx, vms, m, limit, () => ({
      title: vms.name,
      subtitle: vms.privateIp,
      status: vms.status,
    }));
    return rows.map((row) => hitOf('vm', row, routePath('vmDetail', { uuid: row.id })));
  },
});
