import { eq } from 'drizzle-orm';
import { canOpenVmConsole, hasAuthority } from '@portal/shared';
import type { Db } from '../../db/database.js';
import type { TenantScope } from '../../db/tenant-scope.js';
import { vms } from '../../db/schema/index.js';
import { contextOf, type AuthContext } from '../../platform/auth-context.js';
import { allowed, forbidden, notFound } from '../../platform/errors.js';
import type { SessionStore } from '../../platform/sessions.js';

/** Who may open a VM's console: whoever may manage the VM (start it, stop it, delete it). */
export const CONSOLE_AUTHORITY = 'compute/vm/manage';

/** The VM, when it is the tenant's (else 404) and has a console now (else VM_STATUS_ERROR). */
export async function assertConsoleVm(tenant: TenantScope, vmId: string): Promise<void> {
  const [vm] = await tenant.db
    .select({ status: vms.status, pendingOperation: vms.pendingOperation })
    .from(vms)
    .where(tenant.own(vms, eq(vms.id, vmId)));
  if (!vm) throw notFound('VM_NOT_FOUND');
  allowed(canOpenVmConsole(vm));
}

/**
 * Whether a console may open or stay open, asked when its socket arrives and every
 * CONSOLE_CHECK_MS after: the ticket's session is live, its user not locked and still allowed to
 * manage VMs, and the VM still running. Throws what the request for a ticket would answer then.
 * `touch` slides the session's expiry: only when the user typed since the last check, so an
 * idle terminal left open does not keep a session alive for ever.
 */
export async function checkConsoleAccess(
  deps: { db: Db; sessions: SessionStore },
  access: { sessionHash: string; userId: string; vmId: string },
  touch: boolean,
): Promise<AuthContext> {
  const auth = await contextOf(
    deps.db,
    deps.sessions,
    await deps.sessions.findByHash(access.sessionHash, { touch }),
  );
  if (auth.user.id !== access.userId || !hasAuthority(auth.authority, CONSOLE_AUTHORITY)) throw forbidden();
  await assertConsoleVm(auth.tenant, access.vmId);
  return auth;
}
