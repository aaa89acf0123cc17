import { z } from 'zod';
import { PublicCloudType, PublicCloudVmPower } from '../enums/public-cloud.js';
import type { ErrorCode } from '../errors/error-codes.js';
import { zEnumValue } from '../validators/zod.js';
import { GUID } from './cloud-exchange.js';
import { resourceListQuery } from './resource.js';

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
