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

const roles = z.array(z.enum(ROLE_IDS, { error: 'validation.needBeOneOf' })).min(1, 'validation.notEmpty');
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

export const iamPasswordSchema = z.object({ password: zRequired(isPassword) });

export const IAM_SORTS = ['account', 'lastLoginDate', 'lastSetPasswordDate', 'createdAt'] as const;
export const iamListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(IAM_SORTS).optional(),
  search: z.string().max(64).optional(),
});

export const roleSchema = z.object({
  id: z.enum(ROLE_IDS),
  grants: z.array(z.object({ leaf: z.string(), level: z.enum(['view', 'manage']) })),
});
