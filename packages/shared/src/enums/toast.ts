import { type EnumValue, labelKeyOf } from './enum.js';

/** Toast (alert) type (spec section 3). Label keys `enums.toastType.<value>`. */
export const ToastType = { SUCCESS: 'success', INFO: 'info', WARNING: 'warning', ERROR: 'error' } as const;
export type ToastType = EnumValue<typeof ToastType>;
export const toastTypeLabelKey = labelKeyOf('toastType', ToastType);
