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

type Size = { xs: number; sm: number; md: number; lg?: number };
/**
 * Codes and extensions sit beside their number where both keep their whole label ("Country code",
 * "Technical contact mobile" in English): on a phone the code and the extension take half a row
 * and the number a row of its own; from 600 px the code and its number share a row; from 1200 px
 * the code, number and extension leave room for one more field. Addresses are wide; the rest take
 * a third.
 */
export function sizeOf(field: string): Size {
  if (field.endsWith('_code') || field.endsWith('_ext')) return { xs: 6, sm: 4, md: 3, lg: 2 };
  if (/(^|_)(tel\d?|mobile|fax\d?)$/.test(field)) return { xs: 12, sm: 8, md: 6, lg: 3 };
  if (field.endsWith('address')) return { xs: 12, sm: 12, md: 6 };
  return { xs: 12, sm: 6, md: 4 };
}

/** The rows of each section: a phone number with its code and extension stays on one line. */
export const LAYOUT: Record<Section, RegistrationField[][]> = {
  basic: [
    ['identity_type', 'identity_number', 'company_name'],
    ['company_shortname', 'en_company_name', 'en_company_shortname'],
    ['company_owner', 'contact_name'],
    ['contact_mobile_code', 'contact_mobile'],
  ],
  contact: [
    ['contact_tel_code', 'contact_tel', 'contact_tel_ext', 'cman_dmfg'],
    ['tech_contact_name', 'tech_contact_mail', 'tech_dmfg'],
    ['tech_contact_tel_code', 'tech_contact_tel', 'tech_contact_ext'],
    ['tech_contact_mobile_code', 'tech_contact_mobile'],
  ],
  billing: [
    ['bill_contact_name', 'bill_contact_mail', 'bill_dmfg'],
    ['bill_contact_tel_code', 'bill_contact_tel', 'bill_contact_ext'],
    ['bill_contact_mobile_code', 'bill_contact_mobile'],
    ['currency_type', 'language'],
    ['bill_address'],
  ],
  supplementary: [
    ['industry_type', 'area', 'is_foreign'],
    ['receipt_lottery_title'],
    ['en_address', 'receipt_lottery_address'],
  ],
  advanced: [
    ['tel_code', 'tel', 'tel_ext'],
    ['tel2_code', 'tel2', 'tel2_ext'],
    ['tel3_code', 'tel3', 'tel3_ext'],
    ['fax', 'fax2', 'fax3'],
    ['mail'],
  ],
};

export type Section = keyof typeof REGISTRATION_SECTIONS;
export const SECTION_ORDER: (Section | 'docs')[] = [
  'basic',
  'contact',
  'billing',
  'docs',
  'supplementary',
  'advanced',
];
