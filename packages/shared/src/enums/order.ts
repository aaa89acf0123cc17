import { type EnumValue, labelKeyOf } from './enum.js';

/**
 * Order status (spec section 4): 1 normal, 2 about to expire, 3 expired and cancelled, 4 deleted,
 * 5 void, 6 deleted within 7 days, 7 cancelled within 7 days. Label keys `enums.orderStatus.<value>`.
 */
export const OrderStatus = {
  NORMAL: 1,
  ABOUT_TO_EXPIRE: 2,
  EXPIRED_CANCELLED: 3,
  DELETED: 4,
  VOID: 5,
  DELETED_WITHIN_7_DAYS: 6,
  CANCELLED_WITHIN_7_DAYS: 7,
} as const;
export type OrderStatus = EnumValue<typeof OrderStatus>;
export const orderStatusLabelKey = labelKeyOf('orderStatus', OrderStatus);

/** What an order is for, resType. Label keys `enums.orderResType.<value>`. */
export const OrderResType = { VM: 'vm', CCIS: 'ccis' } as const;
export type OrderResType = EnumValue<typeof OrderResType>;
export const orderResTypeLabelKey = labelKeyOf('orderResType', OrderResType);
