import { type EnumValue, labelKeyOf } from './enum.js';

/** currency_type of a registration (billing currency). Label keys `enums.currencyType.<value>`. */
export const CurrencyType = { TWD: 'TWD', USD: 'USD' } as const;
export type CurrencyType = EnumValue<typeof CurrencyType>;
export const currencyTypeLabelKey = labelKeyOf('currencyType', CurrencyType);
