import { TOAST_LIFETIME_MS } from '@portal/shared';
import { createStore } from '../store';

export type ToastType = 'success' | 'info' | 'warning' | 'error';

export interface Toast {
  id: number;
  type: ToastType;
  /** A message key in "namespace.key" form (apiError.LOGIN_ERROR), translated when shown. */
  message: string;
  values?: Record<string, string | number>;
  /** Shown instead when `message` has no translation (an error code the locales do not know). */
  fallback?: string;
  expiresAt: number;
}

export const toastStore = createStore<Toast[]>([]);
let nextId = 1;

export function showToast(
  type: ToastType,
  message: string,
  values?: Record<string, string | number>,
  fallback?: string,
): number {
  const id = nextId++;
  toastStore.set((list) => [
    ...list,
    { id, type, message, values, fallback, expiresAt: Date.now() + TOAST_LIFETIME_MS },
  ]);
  return id;
}

export function closeToast(id: number): void {
  toastStore.set((list) => (list.some((t) => t.id === id) ? list.filter((t) => t.id !== id) : list));
}

/** Removes expired toasts; run by the sweep of the Toasts component. */
export function sweepToasts(now = Date.now()): void {
  toastStore.set((list) =>
    list.some((t) => t.expiresAt <= now) ? list.filter((t) => t.expiresAt > now) : list,
  );
}

export const toast = {
  success: (message: string, values?: Record<string, string | number>) =>
    showToast('success', message, values),
  info: (message: string, values?: Record<string, string | number>) => showToast('info', message, values),
  warning: (message: string, values?: Record<string, string | number>) =>
    showToast('warning', message, values),
  error: (message: string, values?: Record<string, string | number>) => showToast('error', message, values),
};
