import { z } from 'zod';
import { ROLE_IDS } from '../authority/roles.js';
import { isEmail, isIamAccount, isPassword } from '../validators/basic.js';
import { optional } from '../validators/rule.js';
import { zRequired, zRule } from '../validators/zod.js';
import { pageQuerySchema } from './common.js';

/** An IAM user as the list and the edit form see it (spec section 3, "IAM user"). */
export const iamUserSchema = z.object({
  id: z.string(),
  account: z.string(),
  roles: z.array(z.string()),
  email: z.string(),
  lastSetPasswordDate: z.string().nullable(),
  lastLoginDate: z.string().nullable(),
  enableTwoFactor: z.boolean(),
  isLock: z.boolean(),
});
export type IamUser = z.infer<typeof iamUserSchema>;

const roles = z
  .array(z.enum(ROLE_IDS, { error: 'apiError.ACCOUNT_ROLE_NOT_EXIST' }))
  .min(1, 'validation.notEmpty');
// An empty email is allowed (two-factor then stays off); a given one must be an address.
const email = zRule(optional(isEmail));

export const iamUserCreateSchema = z.object({
  account: zRequired(isIamAccount),
  password: zRequired(isPassword),
  roles,
  email: email.default(''),
  enableTwoFactor: z.boolean().default(false),
});
export type IamUserCreate = z.infer<typeof iamUserCreateSchema>;

export const iamUserUpdateSchema = z.object({
  roles: roles.optional(),
  email: email.optional(),
  enableTwoFactor: z.boolean().optional(),
});
export type IamUserUpdate = z.infer<typeof iamUserUpdateSchema>;

/**
 * Setting another user's password takes over its account, and deleting a user cannot be undone:
 * both carry the acting user's own login password (`currentPassword`), checked by the server, so a
 * session left open is not enough (spec section 5, destructive actions).
 */
// Not trimmed: it is compared with the stored hash exactly as typed.
const currentPassword = z.string({ error: 'validation.notEmpty' }).min(1, 'validation.notEmpty').max(256);

export const iamPasswordSchema = z.object({ password: zRequired(isPassword), currentPassword });
export type IamPassword = z.infer<typeof iamPasswordSchema>;

export const iamDeleteSchema = z.object({ currentPassword });
export type IamDelete = z.infer<typeof iamDeleteSchema>;

export const IAM_SORTS = ['account', 'lastLoginDate', 'lastSetPasswordDate', 'createdAt'] as const;
export type IamSort = (typeof IAM_SORTS)[number];
export const iamListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(IAM_SORTS).optional(),
  /** Part of the account or email, case-insensitive. */
  search: z.string().max(64).optional(),
});
export type IamListQuery = z.infer<typeof iamListQuerySchema>;

export const roleSchema = z.object({
  id: z.enum(ROLE_IDS),
  grants: z.array(z.object({ leaf: z.string(), level: z.enum(['view', 'manage']) })),
  /** Whether the caller may hand this role out (its grants are within the caller's own). */
  grantable: z.boolean(),
});
export type Role = z.infer<typeof roleSchema>;
