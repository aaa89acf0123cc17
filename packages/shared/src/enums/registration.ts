import { type EnumValue, labelKeyOf } from './enum.js';

/** Registration progress (spec section 4). Label keys `enums.registerState.<value>`. */
export const RegisterState = {
  REGISTER_NOT_COMPLETED: 'REGISTER_NOT_COMPLETED',
  REGISTER_UNDER_REVIEW: 'REGISTER_UNDER_REVIEW',
  REGISTER_DENIED: 'REGISTER_DENIED',
  REGISTER_COMPLETE: 'REGISTER_COMPLETE',
} as const;
export type RegisterState = EnumValue<typeof RegisterState>;
export const registerStateLabelKey = labelKeyOf('registerState', RegisterState);

/** identity_type: a company or a person. Label keys `enums.identityType.<value>`. */
export const IdentityType = { COMPANY: 'COMPANY', PERSONAL: 'PERSONAL' } as const;
export type IdentityType = EnumValue<typeof IdentityType>;
export const identityTypeLabelKey = labelKeyOf('identityType', IdentityType);

/**
 * Direct-mail choice (dmEnum; cman_dmfg, bill_dmfg, tech_dmfg): C Chinese, E English, X do not
 * send. Label keys `enums.directMail.<value>`.
 */
export const DirectMail = { CHINESE: 'C', ENGLISH: 'E', NONE: 'X' } as const;
export type DirectMail = EnumValue<typeof DirectMail>;
export const directMailLabelKey = labelKeyOf('directMail', DirectMail);

/** is_foreign: 0 domestic, 1 foreign. Label keys `enums.isForeign.<value>`. */
export const IsForeign = { DOMESTIC: 0, FOREIGN: 1 } as const;
export type IsForeign = EnumValue<typeof IsForeign>;
export const isForeignLabelKey = labelKeyOf('isForeign', IsForeign);

/** area: the customer's region of Taiwan. Label keys `enums.area.<value>`. */
export const Area = { TWNNORTH: 'TWNNORTH', TWNCENTRAL: 'TWNCENTRAL', TWNSOUTH: 'TWNSOUTH' } as const;
export type Area = EnumValue<typeof Area>;
export const areaLabelKey = labelKeyOf('area', Area);
