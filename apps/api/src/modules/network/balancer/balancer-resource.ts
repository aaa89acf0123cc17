import { eq, inArray } from 'drizzle-orm';
import {
  balancerProblems,
  canDeleteBalancer,
  canEditBalancer,
  LbProtocol,
  LbStatus,
  VpcStatus,
  type BalancerUpdate,
  balancerContract,
} from '@portal/shared';
import type { z } from 'zod';
import { type loadBalancers, loadBalancerTargets, vms, vpcs } from '../../../db/schema/index.js';
import type { Clock } from '../../../platform/clock.js';
import { allowed, fail, fieldsRefused } from '../../../platform/errors.js';
import { isUuid } from '../../../platform/ids.js';
import type { ResourceContext } from '../../../platform/resources/context.js';
import { defineResource } from '../../../platform/resources/declaration.js';
import { rowChange } from '../../../platform/resources/row-change.js';
import type { SecretBox } from '../../../platform/secret-box.js';
import { balancerLifecycle } from './balancer-operations.js';
import { balancerRows, listBalancers } from './balancer-repository.js';
import { checkCertificate, keyContext } from './certificate.js';

type BalancerCreate = z.output<typeof balancerContract.create.body>;

export interface BalancerDeps {
  clock: Clock;
  secrets: SecretBox;
}

/** The caller's VPC, to stand the balancer in (one being deleted is as good as gone). */
async function vpcOf(ctx: ResourceContext, vpcUuid: string) {
  const id = vpcUuid.toLowerCase();
  if (!isUuid(id)) throw fail('VPC_NOT_FOUND');
  const [vpc] = await ctx.db
    .select({ id: vpcs.id, status: vpcs.status })
    .from(vpcs)
    .where(ctx.own(vpcs, eq(vpcs.id, id)))
    .for('share');
  if (!vpc || vpc.status === VpcStatus.DELETING) throw fail('VPC_NOT_FOUND');
  return vpc;
}

/**
 * The target VMs, each the caller's (else VM_NOT_FOUND, as for an unknown one) and in the
 * balancer's VPC (LB_TARGET_NOT_IN_VPC); locked so none moves away meanwhile.
 */
async function targetsOf(ctx: ResourceContext, vpcId: string, vmUuids: string[]): Promise<string[]> {
  const ids = [...new Set(vmUuids.map((id) => id.toLowerCase()))];
  if (ids.some((id) => !isUuid(id)))
    throw fieldsRefused('VM_NOT_FOUND', { vmUuids: 'apiError.VM_NOT_FOUND' });
  const found = await ctx.db
    .select({ id: vms.id, vpcId: vms.vpcId })
    .from(vms)
    .where(ctx.own(vms, inArray(vms.id, ids)))
    .for('share');
  if (found.length !== ids.length) throw fieldsRefused('VM_NOT_FOUND', { vmUuids: 'apiError.VM_NOT_FOUND' });
  if (found.some((vm) => vm.vpcId !== vpcId))
    throw fieldsRefused('LB_TARGET_NOT_IN_VPC', { vmUuids: 'apiError.LB_TARGET_NOT_IN_VPC' });
  return ids;
}

async function setTargets(ctx: ResourceContext, balancerId: string, vmIds: string[]) {
  await ctx.db.delete(loadBalancerTargets).where(eq(loadBalancerTargets.loadBalancerId, balancerId));
  if (vmIds.length > 0)
    await ctx.db
      .insert(loadBalancerTargets)
      .values(vmIds.map((vmId) => ({ loadBalancerId: balancerId, vmId })));
}

/** The rules across fields on the balancer as it would be; a refusal names each field. */
function checkFields(body: Parameters<typeof balancerProblems>[0], hasCertificate: boolean) {
  const problems = balancerProblems(body, { hasCertificate });
  if (Object.keys(problems).length === 0) return;
  const missing =
    problems.lbCertificate === 'validation.notEmpty' || problems.lbPrivateKey === 'validation.notEmpty';
  throw fieldsRefused(missing ? 'LB_CERTIFICATE_REQUIRED' : 'FORMAT_ERROR', problems);
}

/**
 * Load balancers (spec section 3, routes balancer, createBalancer, editBalancer/{id}; log code
 * 10015). The row holds the balancer as the user last asked for it; its status says whether the
 * cloud has programmed that yet (0 processing, 5 updating, 6 deleting, then 1 active or -1 error).
 */
export function balancerResource({ clock, secrets }: BalancerDeps) {
  /** The certificate columns for an upload: checked, the key sealed for this balancer only. */
  function certificateColumns(
    ctx: ResourceContext,
    id: string,
    body: { lbCertificate?: string; lbPrivateKey?: string; lbUrl: string },
  ) {
    const checked = checkCertificate(body.lbCertificate!, body.lbPrivateKey!, clock.now(), body.lbUrl);
    return {
      certificatePem: checked.pem,
      certificateSubject: JSON.stringify({ subject: checked.subject, names: checked.names }),
      certificateExpiresAt: checked.expiresAt,
      keySealed: secrets.seal(checked.keyPem, keyContext(ctx.clientId, id)),
    };
  }
  const noCertificate = {
    certificatePem: null,
    certificateSubject: null,
    certificateExpiresAt: null,
    keySealed: null,
  };

  async function createBalancer(ctx: ResourceContext, body: BalancerCreate) {
    checkFields(body, false);
    const vpc = await vpcOf(ctx, body.vpcUuid);
    const vmIds = await targetsOf(ctx, vpc.id, body.vmUuids);
    const id = crypto.randomUUID();
    const https = body.lbProtocol === LbProtocol.HTTPS;
    const values = {
      id,
      vpcId: vpc.id,
      name: body.lbName,
      type: body.lbType,
      protocol: body.lbProtocol,
      port: body.lbPort,
      url: body.lbUrl,
      healthCheck: body.lbHealthCheck,
      xForwardedFor: body.lbXforwardedfor,
      ...(https ? certificateColumns(ctx, id, body) : noCertificate),
      status: LbStatus.PROCESSING,
      createdAt: clock.now(),
    };
    // The operation reads the balancer as its row stands when it runs (balancer-operations.ts).
    await balancerLifecycle.create(ctx, 'create', values);
    await setTargets(ctx, id, vmIds);
    return balancerRows.one(ctx, id);
  }

  async function updateBalancer(ctx: ResourceContext, id: string, body: BalancerUpdate) {
    const row = await balancerRows.forUpdate(ctx, id);
    allowed(canEditBalancer(row));
    const next = {
      lbType: row.type,
      lbProtocol: body.lbProtocol ?? row.protocol,
      lbUrl: body.lbUrl ?? row.url,
      lbXforwardedfor: body.lbXforwardedfor ?? row.xForwardedFor,
      lbCertificate: body.lbCertificate,
      lbPrivateKey: body.lbPrivateKey,
    };
    const hasCertificate = row.keySealed !== null && row.certificatePem !== null;
    checkFields(next, hasCertificate);
    const vmIds = body.vmUuids === undefined ? undefined : await targetsOf(ctx, row.vpcId, body.vmUuids);
    const https = next.lbProtocol === LbProtocol.HTTPS;
    const uploaded = Boolean(next.lbCertificate) && Boolean(next.lbPrivateKey);
    let certificate: Partial<typeof loadBalancers.$inferInsert> = {};
    if (!https) certificate = noCertificate;
    else if (uploaded) certificate = certificateColumns(ctx, id, next);
    else if (next.lbUrl !== row.url && next.lbUrl !== '') {
      // The kept certificate must still cover the host name it is to answer.
      checkKeptHost(row.certificateSubject, next.lbUrl);
    }
    await balancerLifecycle.begin(ctx, id, 'update', {
      name: body.lbName ?? row.name,
      protocol: next.lbProtocol,
      port: body.lbPort ?? row.port,
      url: next.lbUrl,
      healthCheck: body.lbHealthCheck ?? row.healthCheck,
      xForwardedFor: next.lbXforwardedfor,
      ...certificate,
      status: LbStatus.UPDATING,
    });
    if (vmIds !== undefined) await setTargets(ctx, id, vmIds);
    return balancerRows.one(ctx, id);
  }

  const deleteBalancer = rowChange(balancerRows, balancerLifecycle, 'delete', canDeleteBalancer, {
    status: LbStatus.DELETING,
  });

  return defineResource(balancerContract, {
    rows: balancerRows,
    list: listBalancers,
    create: {
      summary:
        'Create a load balancer over VMs of one VPC; HTTPS takes the certificate and private key as PEM (status 0 until the cloud has programmed it)',
      handler: createBalancer,
    },
    update: {
      summary:
        'Change a load balancer (not its type or VPC); without a new certificate an HTTPS balancer keeps its own',
      handler: updateBalancer,
    },
    remove: {
      summary: 'Delete a load balancer; the login password confirms it',
      handler: deleteBalancer,
    },
  });
}

/** A kept certificate's names must cover a new host name (LB_CERTIFICATE_HOST_MISMATCH). */
function checkKeptHost(subjectJson: string | null, host: string) {
  const names = subjectJson ? ((JSON.parse(subjectJson) as { names?: string[] }).names ?? []) : [];
  const covers = (name: string) =>
    name === host ||
    (name.startsWith('*.') && host.endsWith(name.slice(1)) && !host.slice(0, -name.length + 1).includes('.'));
  if (!names.some((name) => covers(name.toLowerCase())))
    throw fieldsRefused('LB_CERTIFICATE_HOST_MISMATCH', { lbUrl: 'apiError.LB_CERTIFICATE_HOST_MISMATCH' });
}
