import { z } from 'zod';
import { orderedRange, pageQuerySchema } from './common.js';
import { zUuid } from '../validators/zod.js';

/**
 * Actions the audit log records. Resource routes add theirs as `<resource>.<verb>`; these are the
 * ones of the foundation and of IAM. The web labels each with `audit.actions.<action>`.
 */
export const AUDIT_ACTIONS = [
  'auth.login',
  'auth.loginFailed',
  'auth.logout',
  'auth.twoFaFailed',
  'account.update',
  'account.password',
  // Written by the provider's operations console when staff approve the registration.
  'account.createdByReview',
  'iam.user.create',
  'iam.user.update',
  'iam.user.delete',
  'iam.user.lock',
  'iam.user.unlock',
  'iam.user.password',
  // API keys (issue 27): made and revoked in the console by their user.
  'apiKey.create',
  'apiKey.revoke',
  // The compute core, declared with the resource kit (`<name>.<verb>`).
  'vm.create',
  'vm.update',
  'vm.delete',
  'vm.start',
  'vm.stop',
  'vm.force-stop',
  'vm.reboot',
  // A ticket to the VM's serial console (the web tab): who opened a shell on which machine.
  'vm.console',
  'disk.create',
  'disk.update',
  'disk.delete',
  'disk.link',
  'disk.unlink',
  'vni.update',
  // VPCs and their route tables (the network module).
  'vpc.create',
  'vpc.update',
  'vpc.delete',
  'vpc.routes',
  // The snapshot and network resources (issues 10 and 11).
  'snapshot.create',
  'snapshot.delete',
  'snapshot.restore',
  'snapshotRule.create',
  'snapshotRule.update',
  'snapshotRule.delete',
  'snapshotRule.add-vms',
  'snapshotRule.protect',
  'firewall.create',
  'firewall.update',
  'firewall.delete',
  'firewall.attach',
  'firewall.detach',
  'balancer.create',
  'balancer.update',
  'balancer.delete',
  'exchange.create',
  'exchange.order',
  'exchange.delete',
  'publicCloudCredential.create',
  'publicCloudCredential.delete',
  'ccxCluster.create',
  'ccxCluster.scale',
  'ccxCluster.delete',
  'bucket.create',
  'bucket.update',
  'bucket.delete',
  'bucket.empty',
  'bucketLifecycle.create',
  'bucketLifecycle.update',
  'bucketLifecycle.delete',
  'bucketKey.create',
  'bucketKey.delete',
  // The data-store contract: a purchase or adjustment, and auto-extend switched.
  'dataStore.purchase',
  'dataStore.autoExtend',
  // A bucket's objects through the portal's object browser.
  'bucketObject.upload',
  'bucketObject.folder',
  'bucketObject.rename',
  'bucketObject.transfer',
  'bucketObject.delete',
  'bucketObject.presign',
  // Alarms (issue 13): metric and budget alarms, and the manual trigger that mails their people.
  'alarm.create',
  'alarm.update',
  'alarm.delete',
  'alarm.trigger',
  'tag.update',
  // Orders (issue 13): a VM converted to an annual contract, an order cancelled, and a contract
  // renewed at its end by the daily job (recorded as the provider).
  'order.create',
  'order.cancel',
  'order.renew',
  // Support tickets (issue 14): opened, replied to and closed by the customer (target "ticket").
  'ticket.create',
  'ticket.reply',
  'ticket.close',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * The kinds of thing an audit record names (its targetType), with the record's targetId: a route's
 * `config.audit.target` (a resource's name in the kit), or what a job writes. The audit page
 * offers them as a filter, labelled in both languages (`audit.targetTypes.<type>`); an API test
 * checks every audited route declares one of them.
 */
export const AUDIT_TARGET_TYPES = [
  'client',
  'user',
  'iamUser',
  'apiKey',
  'vm',
  'disk',
  'vni',
  'snapshot',
  'snapshotRule',
  'vpc',
  'firewall',
  'balancer',
  'ccxCluster',
  'exchange',
  'publicCloudCredential',
  'bucket',
  'bucketLifecycleRule',
  'bucketKey',
  'ccisContract',
  'ccisOrder',
  'alarm',
  'order',
  'ticket',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const auditRecordSchema = z.object({
  id: z.string(),
  at: z.string(),
  userId: z.string().nullable(),
  account: z.string(),
  /** The API key the user acted through (its name then); null in the console. */
  viaKey: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  outcome: z.enum(['success', 'failure']),
  ip: z.string(),
  detail: z.record(z.string(), z.unknown()),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

/** Answers of the export are capped; a larger trail is exported a time range at a time. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

const auditFilterSchema = pageQuerySchema.extend({
  userId: zUuid().optional(),
  action: z.string().max(64).optional(),
  /** One of AUDIT_TARGET_TYPES (another names nothing: an empty page). */
  targetType: z.string().max(64).optional(),
  /** Exactly the id a record names (a UUID, a bucket's name, an order number). */
  targetId: z.string().max(128).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export const auditQuerySchema = orderedRange(auditFilterSchema);
export type AuditQuery = z.infer<typeof auditQuerySchema>;
/** The CSV export's filters: the list's, without paging. */
export const auditExportQuerySchema = orderedRange(auditFilterSchema.omit({ page: true, limit: true }));
