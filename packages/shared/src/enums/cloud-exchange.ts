import { type EnumValue, labelKeyOf } from './enum.js';

/** Cloud exchange (CCX) connection status (spec section 4). Label keys `enums.cloudExchangeStatus.<value>`. */
export const CloudExchangeStatus = { AVAILABLE: 0, ORDERING: 1, DONE: 2 } as const;
export type CloudExchangeStatus = EnumValue<typeof CloudExchangeStatus>;
export const cloudExchangeStatusLabelKey = labelKeyOf('cloudExchangeStatus', CloudExchangeStatus);

/** Cloud exchange type, ccxType. Label keys `enums.ccxType.<value>`. */
export const CcxType = { AWS: 1, GCP: 2, AZURE: 3, CCX: 4 } as const;
export type CcxType = EnumValue<typeof CcxType>;
export const ccxTypeLabelKey = labelKeyOf('ccxType', CcxType);

/**
 * The providers' names (the web's enums.ccxType, the same in both languages): what a list search or
 * the console search matches a provider by.
 */
export const CCX_TYPE_NAMES: Record<CcxType, string> = {
  [CcxType.AWS]: 'AWS',
  [CcxType.GCP]: 'GCP',
  [CcxType.AZURE]: 'Azure',
  [CcxType.CCX]: 'CCX',
};

/** The tabs of the exCloud page, one per provider (ccxType 1-4), as they stand in its address (`?tab=gcp`). */
export const EX_CLOUD_TABS = [
  { tab: 'aws', ccxType: CcxType.AWS },
  { tab: 'gcp', ccxType: CcxType.GCP },
  { tab: 'azure', ccxType: CcxType.AZURE },
  { tab: 'ccx', ccxType: CcxType.CCX },
] as const;
export type ExCloudTab = (typeof EX_CLOUD_TABS)[number]['tab'];

/** The exCloud tab of a provider (a public-cloud type has the same number as its ccxType). */
export const exCloudTabOf = (ccxType: number): ExCloudTab =>
  EX_CLOUD_TABS.find((p) => p.ccxType === ccxType)?.tab ?? 'aws';
