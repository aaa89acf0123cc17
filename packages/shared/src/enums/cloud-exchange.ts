import { type EnumValue, labelKeyOf } from './enum.js';

/** Cloud exchange (CCX) connection status (spec section 4). Label keys `enums.cloudExchangeStatus.<value>`. */
export const CloudExchangeStatus = { AVAILABLE: 0, ORDERING: 1, DONE: 2 } as const;
export type CloudExchangeStatus = EnumValue<typeof CloudExchangeStatus>;
export const cloudExchangeStatusLabelKey = labelKeyOf('cloudExchangeStatus', CloudExchangeStatus);

/** Cloud exchange type, ccxType. Label keys `enums.ccxType.<value>`. */
export const CcxType = { AWS: 1, GCP: 2, AZURE: 3, CCX: 4 } as const;
export type CcxType = EnumValue<typeof CcxType>;
export const ccxTypeLabelKey = labelKeyOf('ccxType', CcxType);
