import type { REGISTRATION_SECTIONS } from '@portal/shared';
import {
  Area,
  CurrencyType,
  DirectMail,
  enumValues,
  IdentityType,
  IndustryType,
  IsForeign,
  LANGUAGES,
  type RegistrationField,
} from '@portal/shared';

export type Option = { value: string; labelKey: string };
const options = (name: string, values: readonly (string | number)[]): Option[] =>
  values.map((v) => ({ value: String(v), labelKey: `enums:${name}.${v}` }));

/** Choice fields and their options; label keys in the enums namespace (common for languages). */
export const SELECTS: Partial<Record<RegistrationField, Option[]>> = {
  identity_type: options('identityType', enumValues(IdentityType)),
  cman_dmfg: options('directMail', enumValues(DirectMail)),
  tech_dmfg: options('directMail', enumValues(DirectMail)),
  bill_dmfg: options('directMail', enumValues(DirectMail)),
  currency_type: options('currencyType', enumValues(CurrencyType)),
  language: LANGUAGES.map((l) => ({ value: l, labelKey: `common:language.${l}` })),
  industry_type: options('industryType', enumValues(IndustryType)),
  area: options('area', enumValues(Area)),
  is_foreign: options('isForeign', enumValues(IsForeign)),
};

/** Basic Information is required (spec section 5); these are its required fields. */
export const REQUIRED = new Set<RegistrationField>([
  'identity_type',
  'identity_number',
  'company_name',
  'company_owner',
  'contact_name',
  'contact_mobile_code',
  'contact_mobile',
]);

/** Narrow fields (country codes, extensions) sit beside their number on one row. */
export const NARROW = (field: string) => field.endsWith('_code') || field.endsWith('_ext');

export type Section = keyof typeof REGISTRATION_SECTIONS;
export const SECTION_ORDER: (Section | 'docs')[] = [
  'basic',
  'contact',
  'billing',
  'docs',
  'supplementary',
  'advanced',
];
