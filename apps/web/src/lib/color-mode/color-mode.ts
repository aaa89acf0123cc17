import { useSyncExternalStore } from 'react';
import { COLOR_MODES, type ColorMode, STORAGE_KEYS } from '@portal/shared';
import { readStorage, writeStorage } from '../storage';

export type ColorScheme = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function isColorMode(value: unknown): value is ColorMode {
  return (COLOR_MODES as readonly unknown[]).includes(value);
}

/** The stored choice; anything else is system, the default. */
export function storedColorMode(): ColorMode {
  const stored = readStorage(STORAGE_KEYS.colorMode);
  return isColorMode(stored) ? stored : 'system';
}

/** The system's preference; light where the browser cannot tell (and in jsdom). */
function systemQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
}

/** The scheme a choice shows: the choice itself, or for system what the system prefers now. */
export function resolveColorScheme(mode: ColorMode): ColorScheme {
  if (mode !== 'system') return mode;
  return systemQuery()?.matches ? 'dark' : 'light';
}

let mode: ColorMode = storedColorMode();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Choose and keep a mode (under colorMode); every subscriber re-renders at once. */
export function setColorMode(next: ColorMode): void {
  writeStorage(STORAGE_KEYS.colorMode, next);
  if (next === mode) return;
  mode = next;
  notify();
}

/** Tests start from what storage holds now, as a new page would. */
export function reloadColorMode(): void {
  mode = storedColorMode();
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // The system's preference is followed live (the user switches the OS to dark at dusk), and a
  // choice made in another tab applies here too.
  const query = systemQuery();
  query?.addEventListener('change', listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.colorMode) reloadColorMode();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    query?.removeEventListener('change', listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The chosen mode: system, light or dark. */
export function useColorMode(): ColorMode {
  return useSyncExternalStore(subscribe, () => mode);
}

/** The scheme shown: light or dark. */
export function useColorScheme(): ColorScheme {
  return useSyncExternalStore(subscribe, () => resolveColorScheme(mode));
}

/**
 * index.html's first script marks <html data-color-scheme> before anything paints, so the loading
 * shell has the right background; this keeps the mark (and the browser's own scrollbars and form
 * controls, through color-scheme) in step when the scheme changes later.
 */
export function applyDocumentColorScheme(scheme: ColorScheme): void {
  document.documentElement.dataset.colorScheme = scheme;
  document.documentElement.style.colorScheme = scheme;
}
