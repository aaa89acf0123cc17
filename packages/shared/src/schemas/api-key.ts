import { z } from 'zod';
import { AUTHORITY_LEAVES, type AuthorityLeaf } from '../authority/authority.js';
import { isResourceName } from '../validators/resources.js';
import { zRequired } from '../validators/zod.js';

/**
 * API keys (issue 27): a script acts as the user who made the key, within the user's roles at the
 * time of each request and the key's own subset of them. A key never reaches the account, IAM or
 * key management, so a stolen key cannot mint keys, add users or change a password.
 */

/** What a key's secret starts with, so a leaked one is recognised (logs, URLs, scanners). */
export const API_KEY_PREFIX = 'cpk_';
/** How many characters of a key the list shows to tell keys apart (`cpk_` and eight more). */
export const API_KEY_SHOWN_CHARS = 12;
/** A key lives at most a year; it must be given an end. */
export const API_KEY_MAX_DAYS = 365;
/** Keys a user may hold at once. */
export const API_KEY_MAX_PER_USER = 20;

/** The leaves a key can reach: none of the account's or IAM's. */
export const KEY_LEAVES = AUTHORITY_LEAVES.filter(
  (leaf) => !leaf.startsWith('myAccount/') && !leaf.startsWith('iam/'),
) as Exclude<AuthorityLeaf, `myAccount/${string}` | `iam/${string}`>[];
export type KeyLeaf = (typeof KEY_LEAVES)[number];

/** One grant of a narrowed key: a leaf, seen or changed. */
export const apiKeyGrantSchema = z.object({
  leaf: z.enum(KEY_LEAVES as [KeyLeaf, ...KeyLeaf[]], { error: 'validation.apiKeyScope' }),
  level: z.enum(['view', 'manage'], { error: 'validation.apiKeyScope' }),
});
export type ApiKeyGrant = z.infer<typeof apiKeyGrantSchema>;

/** A key as its owner's list shows it; the secret is never shown again after its creation. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters (`cpk_1a2b3c4d`), to tell it apart from the others. */
  prefix: z.string(),
  /** `null`: everything its user may do (outside the account and IAM); else only these grants. */
  scope: z.array(apiKeyGrantSchema).nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** A key just made: with its secret, shown this once. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ secret: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const apiKeyCreateSchema = z.object({
  name: zRequired(isResourceName),
  /** When it stops working: after now, at most API_KEY_MAX_DAYS ahead (canExpireAt). */
  expiresAt: z.iso.datetime({ offset: true, error: 'validation.apiKeyExpiry' }),
  /** Absent or null: the user's whole reach; else at least one grant, each leaf once. */
  scope: z
    .array(apiKeyGrantSchema)
    .min(1, 'validation.apiKeyScope')
    .max(KEY_LEAVES.length, 'validation.apiKeyScope')
    .refine((grants) => new Set(grants.map((g) => g.leaf)).size === grants.length, 'validation.apiKeyScope')
    .nullable()
    .default(null),
});
export type ApiKeyCreate = z.input<typeof apiKeyCreateSchema>;

/**
 * A cloud operation as a script follows it (`GET /api/operations/:id`): a change that starts one
 * names it in its answer's `X-Operation-Id` header.
 */
export const operationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  state: z.enum(['queued', 'running', 'succeeded', 'failed']),
  resourceType: z.string(),
  resourceId: z.string(),
  /** The cloud's reason when it failed. */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Operation = z.infer<typeof operationSchema>;

/** The header a change's answer names the operations it started in, comma-joined. */
export const OPERATION_ID_HEADER = 'x-operation-id';
