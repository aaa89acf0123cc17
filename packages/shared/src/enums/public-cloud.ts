import { type EnumValue, labelKeyOf } from './enum.js';

/** Public cloud credential type (spec section 3). Label keys `enums.publicCloudType.<value>`. */
export const PublicCloudType = { AWS: 1, GCP: 2, AZURE: 3 } as const;
export type PublicCloudType = EnumValue<typeof PublicCloudType>;
export const publicCloudTypeLabelKey = labelKeyOf('publicCloudType', PublicCloudType);
