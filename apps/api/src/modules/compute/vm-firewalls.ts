import { and, eq, inArray, sql } from 'drizzle-orm';
import { FirewallStatus } from '@portal/shared';
import type { Db } from '../../db/database.js';
import { firewalls, vmFirewalls, vms } from '../../db/schema/index.js';

/**
 * A firewall shows 1, "in use by VM creation", while a VM is being created with it (spec section
 * 4): its rules cannot be edited nor the firewall deleted meanwhile. The VM's create request marks
 * the editable ones (in its transaction, with the firewalls locked); one in error stays in error,
 * so its reason is not lost.
 */
export async function holdFirewallsForNewVm(db: Db, clientId: string, firewallIds: string[]): Promise<void> {
  if (firewallIds.length === 0) return;
  await db
    .update(firewalls)
    .set({ status: FirewallStatus.IN_USE })
    .where(
      and(
        eq(firewalls.clientId, clientId),
        inArray(firewalls.id, firewallIds),
        eq(firewalls.status, FirewallStatus.EDITABLE),
      ),
    );
}

/**
 * The VM's create operation has closed (either way): its firewalls are editable again unless
 * another VM is still being created with them.
 */
export async function releaseFirewallsAfterVmCreate(tx: Db, clientId: string, vmId: string): Promise<void> {
  await tx.execute(sql`
    update ${firewalls} set status = ${FirewallStatus.EDITABLE}
    where ${firewalls.clientId} = ${clientId}
      and ${firewalls.status} = ${FirewallStatus.IN_USE}
      and ${firewalls.id} in (select f.firewall_id from ${vmFirewalls} f where f.vm_id = ${vmId})
      and not exists (
        select 1 from ${vmFirewalls} o join ${vms} v on v.id = o.vm_id
        where o.firewall_id = ${firewalls.id} and v.id <> ${vmId} and v.pending_operation = 'create')`);
}
