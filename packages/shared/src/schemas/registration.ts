import { z } from 'zod';
import { Area, DirectMail, IdentityType, IsForeign, RegisterState } from '../enums/registration.js';
import { IndustryType } from '../enums/industry.js';
import { CurrencyType } from '../enums/currency.js';
import { LANGUAGES } from '../constants.js';
import { isCaptcha, isEmail, isMobile, isPassword, isPhone, stringLength } from '../validators/basic.js';
import { isCompanyId, isPersonId, isPersonOrCompanyId } from '../validators/identity.js';
import { all, optional, type Rule } from '../validators/rule.js';
import { zEnumValue, zRequired, zRule } from '../validators/zod.js';
import { CONFIRM_PASSWORD_NOT_MATCH } from '../validators/account-form.js';

/** A captcha: the id the server gave with the image and the letters the person read. */
export const captchaSchema = z.object({ id: z.string(), svg: z.string() });
export type Captcha = z.infer<typeof captchaSchema>;

const captchaFields = {
  email: zRequired(isEmail),
  captchaId: z.string({ error: 'validation.notEmpty' }).min(1, 'validation.notEmpty').max(64),
  captcha: zRequired(isCaptcha),
};

/** /register, /registerQuery and /forgetPassword: an email and a captcha answer. */
export const emailCaptchaSchema = z.object(captchaFields);
export type EmailCaptchaBody = z.infer<typeof emailCaptchaSchema>;

export const emailResultSchema = z.object({ email: z.string() });

/** Phone country codes: 1 to 4 digits without the plus. Extensions: up to 6 digits. */
const PHONE_CODE = all(isPhone, stringLength(4, 1));
const PHONE = all(isPhone, stringLength(15, 4));
const EXT = all(isPhone, stringLength(6, 1));
const NAME_MAX = 100;
const ADDRESS_MAX = 200;

const opt = (rule: Rule) => zRule(optional(rule)).optional();
const optText = (max: number) => zRule(optional(stringLength(max))).optional();
const req = (rule?: Rule) => zRequired(rule);

/**
 * The registration information of spec section 3, in its six sections. Only Basic Information is
 * required; every other field is checked when filled. Field names are the spec's.
 */
export const REGISTRATION_SECTIONS = {
  basic: [
    'identity_type',
    'identity_number',
    'company_name',
    'company_shortname',
    'en_company_name',
    'en_company_shortname',
    'company_owner',
    'contact_name',
    'contact_mobile_code',
    'contact_mobile',
  ],
  contact: [
    'contact_tel_code',
    'contact_tel',
    'contact_tel_ext',
    'cman_dmfg',
    'tech_contact_name',
    'tech_contact_mail',
    'tech_contact_tel_code',
    'tech_contact_tel',
    'tech_contact_ext',
    'tech_contact_mobile_code',
    'tech_contact_mobile',
    'tech_dmfg',
  ],
  billing: [
    'bill_contact_name',
    'bill_contact_mail',
    'bill_contact_tel_code',
    'bill_contact_tel',
    'bill_contact_ext',
    'bill_contact_mobile_code',
    'bill_contact_mobile',
    'bill_dmfg',
    'currency_type',
    'language',
    'bill_address',
  ],
  supplementary: [
    'industry_type',
    'area',
    'is_foreign',
    'receipt_lottery_title',
    'en_address',
    'receipt_lottery_address',
  ],
  advanced: [
    'tel_code',
    'tel',
    'tel_ext',
    'tel2_code',
    'tel2',
    'tel2_ext',
    'tel3_code',
    'tel3',
    'tel3_ext',
    'fax',
    'fax2',
    'fax3',
    'mail',
  ],
} as const;

/** The certificate uploads: identity photos doc1-doc4, incorporation certificates companyDoc3-4. */
export const REGISTRATION_DOCS = ['doc1', 'doc2', 'doc3', 'doc4', 'companyDoc3', 'companyDoc4'] as const;
export type RegistrationDoc = (typeof REGISTRATION_DOCS)[number];
/** The documents a company is expected to upload; a person needs only doc1-doc4. */
export const requiredDocs = (identityType: IdentityType): RegistrationDoc[] =>
  identityType === IdentityType.COMPANY ? [...REGISTRATION_DOCS] : ['doc1', 'doc2', 'doc3', 'doc4'];
/** Uploads larger than this answer 413. */
export const REGISTRATION_DOC_MAX_BYTES = 5 * 1024 * 1024;
export const REGISTRATION_DOC_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
] as const;

const registrationObject = z.object({
  // Basic Information (required)
  identity_type: zEnumValue(IdentityType),
  identity_number: req(isPersonOrCompanyId),
  company_name: req(stringLength(NAME_MAX)),
  company_shortname: optText(NAME_MAX),
  en_company_name: optText(NAME_MAX),
  en_company_shortname: optText(NAME_MAX),
  company_owner: req(stringLength(NAME_MAX)),
  contact_name: req(stringLength(NAME_MAX)),
  contact_mobile_code: req(PHONE_CODE),
  contact_mobile: req(isMobile),
  // Contact Information
  contact_tel_code: opt(PHONE_CODE),
  contact_tel: opt(PHONE),
  contact_tel_ext: opt(EXT),
  cman_dmfg: zEnumValue(DirectMail),
  tech_contact_name: optText(NAME_MAX),
  tech_contact_mail: opt(isEmail),
  tech_contact_tel_code: opt(PHONE_CODE),
  tech_contact_tel: opt(PHONE),
  tech_contact_ext: opt(EXT),
  tech_contact_mobile_code: opt(PHONE_CODE),
  tech_contact_mobile: opt(isMobile),
  tech_dmfg: zEnumValue(DirectMail),
  // Account Information (billing)
  bill_contact_name: optText(NAME_MAX),
  bill_contact_mail: opt(isEmail),
  bill_contact_tel_code: opt(PHONE_CODE),
  bill_contact_tel: opt(PHONE),
  bill_contact_ext: opt(EXT),
  bill_contact_mobile_code: opt(PHONE_CODE),
  bill_contact_mobile: opt(isMobile),
  bill_dmfg: zEnumValue(DirectMail),
  currency_type: zEnumValue(CurrencyType),
  language: z.enum(LANGUAGES, { error: 'validation.needBeOneOf' }),
  bill_address: optText(ADDRESS_MAX),
  // Supplementary Information
  industry_type: zEnumValue(IndustryType, { coerce: true }),
  area: zEnumValue(Area),
  is_foreign: zEnumValue(IsForeign, { coerce: true }),
  receipt_lottery_title: optText(NAME_MAX),
  en_address: optText(ADDRESS_MAX),
  receipt_lottery_address: optText(ADDRESS_MAX),
  // Advanced Information
  tel_code: opt(PHONE_CODE),
  tel: opt(PHONE),
  tel_ext: opt(EXT),
  tel2_code: opt(PHONE_CODE),
  tel2: opt(PHONE),
  tel2_ext: opt(EXT),
  tel3_code: opt(PHONE_CODE),
  tel3: opt(PHONE),
  tel3_ext: opt(EXT),
  fax: opt(PHONE),
  fax2: opt(PHONE),
  fax3: opt(PHONE),
  mail: opt(isEmail),
});

export type RegistrationField = keyof z.infer<typeof registrationObject>;

// A required field that is empty aborts the object's refinements, so the number is first checked
// on its own (a valid personal ID or tax ID), and then against the identity type once the identity
// fields themselves are valid (in a body that is an object at all: `null` is refused, not read).
const identityFieldsOk = (payload: {
  value: unknown;
  issues: readonly { path?: readonly PropertyKey[] }[];
}) =>
  typeof payload.value === 'object' &&
  payload.value !== null &&
  payload.issues.every((i) => i.path?.[0] !== 'identity_number' && i.path?.[0] !== 'identity_type');

/** The whole form, with the identity number checked by the identity type's checksum. */
export const registrationInfoSchema = registrationObject
  .refine((v) => v.identity_type !== IdentityType.PERSONAL || isPersonId(v.identity_number) === true, {
    path: ['identity_number'],
    message: 'validation.needBePersonId',
    when: identityFieldsOk,
  })
  .refine((v) => v.identity_type === IdentityType.PERSONAL || isCompanyId(v.identity_number) === true, {
    path: ['identity_number'],
    message: 'validation.needBeCompanyId',
    when: identityFieldsOk,
  });
export type RegistrationInfo = z.infer<typeof registrationInfoSchema>;

/**
 * A saved draft: any field, as typed so far, checked only for size. The submission is what must
 * be complete and valid.
 */
export const registrationDraftSchema = z.object(
  Object.fromEntries(
    Object.keys(registrationObject.shape).map((k) => [
      k,
      z.union([z.string().max(300), z.number()]).optional(),
    ]),
  ) as Record<RegistrationField, z.ZodOptional<z.ZodUnion<[z.ZodString, z.ZodNumber]>>>,
);
export type RegistrationDraft = z.infer<typeof registrationDraftSchema>;

/** The defaults a new form starts with. */
export const REGISTRATION_DEFAULTS = {
  identity_type: IdentityType.COMPANY,
  contact_mobile_code: '886',
  cman_dmfg: DirectMail.CHINESE,
  tech_dmfg: DirectMail.CHINESE,
  bill_dmfg: DirectMail.CHINESE,
  currency_type: CurrencyType.TWD,
  language: 'zh-TW',
  industry_type: IndustryType.OTHERS,
  area: Area.TWNNORTH,
  is_foreign: IsForeign.DOMESTIC,
} as const;

export const uploadedDocSchema = z.object({
  name: z.string(),
  size: z.number(),
  contentType: z.string(),
});

/** What the information page loads: the email, the draft so far and the uploaded documents. */
export const registrationFormStateSchema = z.object({
  email: z.string(),
  state: zEnumValue(RegisterState),
  /** Submitted and waiting for review: the form is read-only. */
  submitted: z.boolean(),
  draft: registrationDraftSchema,
  docs: z.partialRecord(z.enum(REGISTRATION_DOCS), uploadedDocSchema),
});
export type RegistrationFormState = z.infer<typeof registrationFormStateSchema>;

export const registrationQueryResultSchema = z.object({
  email: z.string(),
  state: zEnumValue(RegisterState),
  reason: z.string().optional(),
  updatedAt: z.string(),
});
export type RegistrationQueryResult = z.infer<typeof registrationQueryResultSchema>;

/** Set or reset a password from a mailed link: the new password and its confirmation. */
export const newPasswordSchema = z
  .object({
    password: zRequired(isPassword),
    confirm: z.string({ error: 'validation.notEmpty' }).min(1, 'validation.notEmpty'),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.confirm)
      ctx.addIssue({ code: 'custom', path: ['confirm'], message: CONFIRM_PASSWORD_NOT_MATCH });
  });
export type NewPasswordBody = z.infer<typeof newPasswordSchema>;

// Operations console (the provider's staff).
export const opsLoginSchema = z.object({
  email: zRequired(isEmail),
  password: z.string({ error: 'validation.notEmpty' }).min(1, 'validation.notEmpty').max(256),
});
export const opsStaffSchema = z.object({ email: z.string() });

export const opsApplicationSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  state: zEnumValue(RegisterState),
  identityType: z.string().nullable(),
  companyName: z.string().nullable(),
  submittedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OpsApplicationSummary = z.infer<typeof opsApplicationSummarySchema>;

export const opsApplicationSchema = opsApplicationSummarySchema.extend({
  info: registrationDraftSchema,
  docs: z.partialRecord(z.enum(REGISTRATION_DOCS), uploadedDocSchema),
  reason: z.string().nullable(),
  clientNumber: z.string().nullable(),
  /** Whether the root user of an approved application has set a password; null before approval. */
  passwordSet: z.boolean().nullable(),
});
export type OpsApplication = z.infer<typeof opsApplicationSchema>;

export const opsDenySchema = z.object({ reason: zRequired(stringLength(500, 1)) });
export const opsApproveResultSchema = z.object({ clientNumber: z.string() });
/** A fresh set-password link was mailed to the root user (the older ones no longer work). */
export const opsSetPasswordLinkResultSchema = z.object({ email: z.string(), expiresAt: z.string() });
/** A short-lived address that shows one document in a tab of its own (no bearer header needed). */
export const opsDocumentViewLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type OpsDocumentViewLink = z.infer<typeof opsDocumentViewLinkSchema>;
