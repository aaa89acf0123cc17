import { type EnumValue, labelKeyOf } from './enum.js';

/**
 * Two-factor switch of the account form, twoFa (spec section 3): Y or N in the form, a boolean on
 * the wire. Label keys `enums.twoFa.<value>`.
 */
export const TwoFa = { YES: 'Y', NO: 'N' } as const;
export type TwoFa = EnumValue<typeof TwoFa>;
export const twoFaLabelKey = labelKeyOf('twoFa', TwoFa);

export const twoFaFromBoolean = (on: boolean): TwoFa => (on ? TwoFa.YES : TwoFa.NO);
export const twoFaToBoolean = (twoFa: TwoFa): boolean => twoFa === TwoFa.YES;
