import { z } from 'zod';
import { CcxType, CloudExchangeStatus } from '../enums/cloud-exchange.js';
import { PublicCloudType, PublicCloudVmPower } from '../enums/public-cloud.js';
import type { ErrorCode } from '../errors/error-codes.js';
import { type Rule, text } from '../validators/rule.js';
import { zEnumValue, zRequired, zUuid } from '../validators/zod.js';
import { pendingOperationSchema, resourceListQuery, statusReasonSchema } from './resource.js';

/**
 * Cloud exchange (spec section 3, route group exCloud, log code 10023): a private connection from
 * one of the customer's VPCs to AWS, GCP, Azure or CCX, named by the pair key the other side
 * issued. Status 1 ordering → 2 done when the other side has accepted the key; a refusal puts it
 * back to 0 available (with the reason) so it can be ordered again or deleted.
 */
export const cloudExchangeSchema = z.object({
  uuid: z.string(),
  clientNumber: z.string(),
  ccxType: zEnumValue(CcxType),
  pairKey: z.string(),
  vpcUuid: z.string(),
  vpcName: z.string(),
  status: zEnumValue(CloudExchangeStatus),
  statusReason: statusReasonSchema,
  pendingOperation: pendingOperationSchema,
  createDate: z.string(),
});
export type CloudExchange = z.infer<typeof cloudExchangeSchema>;

export const CLOUD_EXCHANGE_SORTS = ['createDate'] as const;
export const cloudExchangeListQuerySchema = resourceListQuery(CLOUD_EXCHANGE_SORTS).extend({
  ccxType: zEnumValue(CcxType, { coerce: true }).optional(),
  status: zEnumValue(CloudExchangeStatus, { coerce: true }).optional(),
});
export type CloudExchangeListQuery = z.infer<typeof cloudExchangeListQuerySchema>;

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const GUID = new RegExp(`^${UUID}$`);

/**
 * What each side's pair key looks like:
 * - AWS: the Direct Connect (hosted) connection id the partner shares, `dxcon-` and 8 letters or
 *   digits (`dxcon-fg5678gh`);
 * - GCP: the Partner Interconnect VLAN attachment's pairing key, `<uuid>/<region>/<domain>`
 *   (`2dfcdee7-b6f9-41d0-b98f-639151097693/asia-east1/1`, edge availability domain 1, 2 or any);
 * - Azure: the ExpressRoute circuit's service key, a GUID;
 * - CCX: the service key our CCX exchange gives the other party's port, a GUID (no public format
 *   exists; ours).
 */
const PAIR_KEY_PATTERNS: Record<CcxType, RegExp> = {
  [CcxType.AWS]: /^dxcon-[a-z0-9]{8,17}$/,
  [CcxType.GCP]: new RegExp(`^${UUID}/[a-z]+-[a-z]+[0-9]{1,2}/(1|2|any)$`),
  [CcxType.AZURE]: GUID,
  [CcxType.CCX]: GUID,
};

/** Examples for the form's hint, one per provider. */
export const PAIR_KEY_EXAMPLES: Record<CcxType, string> = {
  [CcxType.AWS]: 'dxcon-fg5678gh',
  [CcxType.GCP]: '2dfcdee7-b6f9-41d0-b98f-639151097693/asia-east1/1',
  [CcxType.AZURE]: '64ce99dd-ee70-4e74-b6b8-91c6307433a0',
  [CcxType.CCX]: 'b3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
};

const PAIR_KEY_MESSAGES: Record<CcxType, string> = {
  [CcxType.AWS]: 'validation.pairKey.aws',
  [CcxType.GCP]: 'validation.pairKey.gcp',
  [CcxType.AZURE]: 'validation.pairKey.azure',
  [CcxType.CCX]: 'validation.pairKey.ccx',
};

/** The pair key's rule for a provider: `true` or the provider's message key. */
export function pairKeyRule(ccxType: CcxType): Rule {
  return (value) => {
    const s = text(value)?.trim();
    return s && PAIR_KEY_PATTERNS[ccxType].test(s) ? true : PAIR_KEY_MESSAGES[ccxType];
  };
}

export const cloudExchangeCreateSchema = z
  .object({
    ccxType: zEnumValue(CcxType),
    vpcUuid: zUuid(),
    // The provider's pattern bounds its length.
    pairKey: zRequired(),
  })
  .superRefine((body, ctx) => {
    const result = pairKeyRule(body.ccxType)(body.pairKey);
    if (result !== true) ctx.addIssue({ code: 'custom', message: result, path: ['pairKey'] });
  });
export type CloudExchangeCreate = z.infer<typeof cloudExchangeCreateSchema>;

// ---------------------------------------------------------------------------------------------
// Public-cloud credentials

/**
 * A customer's key to a public cloud (spec section 3), one per provider. Only the part that names
 * it is ever sent: the AWS access key id and the Azure application id masked, the GCP service
 * account's e-mail; never a secret.
 */
export const publicCloudCredentialSchema = z.object({
  uuid: z.string(),
  type: zEnumValue(PublicCloudType),
  /** AWS access key id or Azure application id (masked), or the GCP service account's e-mail. */
  keyId: z.string(),
  /** Azure: the directory (tenant) id; otherwise null. */
  directoryId: z.string().nullable(),
  /** Azure: the subscription id; GCP: the project id the key belongs to; AWS: null. */
  subscriptionId: z.string().nullable(),
  createDate: z.string(),
});
export type PublicCloudCredential = z.infer<typeof publicCloudCredentialSchema>;

export const publicCloudCredentialListQuerySchema = resourceListQuery(['createDate'] as const).extend({
  type: zEnumValue(PublicCloudType, { coerce: true }).optional(),
});
export type PublicCloudCredentialListQuery = z.infer<typeof publicCloudCredentialListQuerySchema>;

const optionalText = (max: number) => z.string().max(max).optional();

/**
 * What adding a credential sends: the provider and its fields (AWS accessKeyId + secretAccessKey;
 * GCP credentialsJson, the service account's JSON key file; Azure applicationId,
 * applicationPassword, directoryId, subscriptionId). The server takes any of them and answers a
 * missing one with PUBLIC_CLOUD_MISSING_PARAMETERS_<provider>; the form checks them first with
 * `publicCloudCredentialFormSchema`. The secrets' names are ones the audit log leaves out.
 */
export const publicCloudCredentialCreateSchema = z.object({
  type: zEnumValue(PublicCloudType),
  accessKeyId: optionalText(128),
  secretAccessKey: optionalText(256),
  credentialsJson: optionalText(16_384),
  applicationId: optionalText(64),
  applicationPassword: optionalText(256),
  directoryId: optionalText(64),
  subscriptionId: optionalText(64),
});
export type PublicCloudCredentialCreate = z.infer<typeof publicCloudCredentialCreateSchema>;

/** The fields each provider needs, in the form's order. */
export const PUBLIC_CLOUD_FIELDS = {
  [PublicCloudType.AWS]: ['accessKeyId', 'secretAccessKey'],
  [PublicCloudType.GCP]: ['credentialsJson'],
  [PublicCloudType.AZURE]: ['applicationId', 'applicationPassword', 'directoryId', 'subscriptionId'],
} as const satisfies Record<PublicCloudType, readonly (keyof PublicCloudCredentialCreate)[]>;

export const PUBLIC_CLOUD_MISSING: Record<PublicCloudType, ErrorCode> = {
  [PublicCloudType.AWS]: 'PUBLIC_CLOUD_MISSING_PARAMETERS_AWS',
  [PublicCloudType.GCP]: 'PUBLIC_CLOUD_MISSING_PARAMETERS_GCP',
  [PublicCloudType.AZURE]: 'PUBLIC_CLOUD_MISSING_PARAMETERS_AZURE',
};

/** The parts of a GCP service account key the portal reads (the whole file is kept sealed). */
export interface GcpServiceAccountKey {
  type: 'service_account';
  project_id: string;
  client_email: string;
  private_key: string;
  private_key_id?: string;
}

/** The key file parsed, or null when it is not a service account's JSON key. */
export function parseGcpServiceAccountKey(json: string): GcpServiceAccountKey | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const key = parsed as Record<string, unknown>;
  const str = (v: unknown) => typeof v === 'string' && v.length > 0;
  if (key.type !== 'service_account' || !str(key.project_id) || !str(key.client_email)) return null;
  if (!str(key.private_key) || !String(key.private_key).includes('PRIVATE KEY')) return null;
  if (!/^[^@\s]+@[^@\s]+$/.test(String(key.client_email))) return null;
  return key as unknown as GcpServiceAccountKey;
}

/**
 * What is wrong with a credential's fields: `missing` (empty required fields, answered with the
 * provider's PUBLIC_CLOUD_MISSING_PARAMETERS code) first, else `format` (FORMAT_ERROR), each as
 * field → message key. The form and the server ask the same.
 */
export function publicCloudCredentialProblems(body: PublicCloudCredentialCreate): {
  missing: Record<string, string>;
  format: Record<string, string>;
} {
  const missing: Record<string, string> = {};
  const format: Record<string, string> = {};
  const value = (field: keyof PublicCloudCredentialCreate) => {
    const v = body[field];
    return typeof v === 'string' ? v.trim() : '';
  };
  for (const field of PUBLIC_CLOUD_FIELDS[body.type] ?? []) {
    if (value(field) === '') missing[field] = 'validation.notEmpty';
  }
  if (Object.keys(missing).length > 0) return { missing, format };
  switch (body.type) {
    case PublicCloudType.AWS:
      if (!/^[A-Z0-9]{16,128}$/.test(value('accessKeyId')))
        format.accessKeyId = 'validation.publicCloud.awsAccessKeyId';
      break;
    case PublicCloudType.GCP:
      if (!parseGcpServiceAccountKey(value('credentialsJson')))
        format.credentialsJson = 'validation.publicCloud.gcpKey';
      break;
    case PublicCloudType.AZURE:
      for (const field of ['applicationId', 'directoryId', 'subscriptionId'] as const) {
        if (!GUID.test(value(field))) format[field] = 'validation.publicCloud.guid';
      }
      break;
  }
  return { missing, format };
}

/** The form's schema: the server's body with every problem on its field. */
export const publicCloudCredentialFormSchema = publicCloudCredentialCreateSchema.superRefine((body, ctx) => {
  const { missing, format } = publicCloudCredentialProblems(body);
  for (const [field, message] of Object.entries({ ...missing, ...format })) {
    ctx.addIssue({ code: 'custom', message, path: [field] });
  }
});

/** An id shown masked when long: its first and last four characters (`AKIA••••MPLE`). */
export function maskKeyId(id: string): string {
  return id.length <= 12 ? id : `${id.slice(0, 4)}••••${id.slice(-4)}`;
}

/** A VM in a public cloud, as the provider's list answers it (normalised). */
export const publicCloudVmSchema = z.object({
  /** AWS instance id, GCP instance id (numeric), Azure resource id. */
  id: z.string(),
  name: z.string(),
  /** AWS region, GCP zone, Azure location. */
  region: z.string(),
  /** The provider's own word: running/stopped, RUNNING/TERMINATED, VM running/VM deallocated. */
  state: z.string(),
  /** That word as one power state the web words in the page's language. */
  power: zEnumValue(PublicCloudVmPower),
  /** Instance type, machine type or VM size. */
  type: z.string(),
  privateIp: z.string().nullable(),
});
export type PublicCloudVm = z.infer<typeof publicCloudVmSchema>;

export const publicCloudTypeParamsSchema = z.object({
  type: zEnumValue(PublicCloudType, { coerce: true }),
});
