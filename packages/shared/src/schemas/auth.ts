import { z } from 'zod';
import { isClientNumber, isEmail, isIamAccount, isOtp, isPassword } from '../validators/basic.js';
import { zRequired, zRule } from '../validators/zod.js';
import { accountFormErrors } from '../validators/account-form.js';

// Sign-in does not apply the password rule: it would tell a guesser what passwords cannot be.
const loginPassword = z.string({ error: 'validation.notEmpty' }).min(1, 'validation.notEmpty').max(256);

/** Root sign-in: the account is the root user's email. */
export const rootLoginSchema = z.object({
  account: zRequired(isEmail),
  password: loginPassword,
});

/** IAM sign-in: root is the 11-digit client number (account ID), iamAccount the user's alias. */
export const iamLoginSchema = z.object({
  root: zRequired(isClientNumber),
  iamAccount: zRequired(isIamAccount),
  password: loginPassword,
});

export const loginSchema = z.union([rootLoginSchema, iamLoginSchema]);
export type LoginBody = z.infer<typeof loginSchema>;

export const loginResultSchema = z.union([
  z.object({ token: z.string() }),
  z.object({
    twoFa: z.literal(true),
    challenge: z.string(),
    /** The address the code went to, partly masked (a***@example.com). */
    email: z.string(),
  }),
]);
export type LoginResult = z.infer<typeof loginResultSchema>;

export const twoFaVerifySchema = z.object({
  challenge: z.string().min(1, 'validation.notEmpty').max(128),
  tfa_code: zRequired(isOtp),
});

export const twoFaResendSchema = z.object({ challenge: z.string().min(1).max(128) });
export const twoFaResendResultSchema = z.object({ email: z.string() });

export const tokenSchema = z.object({ token: z.string() });

/** Client info (spec section 3); twoFa is a boolean on the wire, Y/N in the form. */
export const clientInfoSchema = z.object({
  id: z.string(),
  account: z.string(),
  identityNumber: z.string(),
  companyName: z.string(),
  clientNumber: z.string(),
  email: z.string(),
  twoFa: z.boolean(),
  isRoot: z.boolean(),
  contactName: z.string(),
  contactTel: z.string(),
  contactMobile: z.string(),
});
export type ClientInfo = z.infer<typeof clientInfoSchema>;

/** PATCH /client/info: two-factor switch, password change with the original, email (non-root). */
export const clientInfoUpdateSchema = z.object({
  twoFa: z.boolean().optional(),
  pass0: zRule(isPassword).optional(),
  pass1: zRule(isPassword).optional(),
  email: zRule(isEmail).optional(),
});
export type ClientInfoUpdate = z.infer<typeof clientInfoUpdateSchema>;

/** The account edit form of the web (spec section 3), checked by the shared account-form rules. */
export const accountFormSchema = z
  .object({
    isRoot: z.boolean(),
    twoFa: z.enum(['Y', 'N']),
    email: z.string().optional(),
    pass0: z.string().optional(),
    pass1: z.string().optional(),
    pass2: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    for (const [path, message] of Object.entries(accountFormErrors(v))) {
      ctx.addIssue({ code: 'custom', path: [path], message: message as string });
    }
  });
export type AccountForm = z.infer<typeof accountFormSchema>;

export const menuEntrySchema = z.object({
  id: z.number(),
  parentId: z.number(),
  sort: z.number(),
  link: z.string(),
  lang_key: z.string(),
});

// Recursive, so named: the OpenAPI document holds it once as a component (AuthorityTree).
const authorityTreeSchema: z.ZodType<boolean | { [k: string]: unknown }> = z
  .union([
    z.boolean(),
    z.record(
      z.string(),
      z.lazy(() => authorityTreeSchema),
    ),
  ])
  .meta({ id: 'AuthorityTree' });

export const authPageSchema = z.object({ menu: z.array(menuEntrySchema), authority: authorityTreeSchema });
