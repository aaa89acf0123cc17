import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@portal/shared';
import { reloadColorMode, setColorMode, useColorMode, useColorScheme } from './color-mode';

/** A matchMedia whose prefers-color-scheme answer the test changes, telling its listeners. */
function fakeSystem(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  window.matchMedia = ((media: string) => {
    expect(media).toBe('(prefers-color-scheme: dark)');
    return query;
  }) as unknown as typeof window.matchMedia;
  return {
    set(next: boolean) {
      dark = next;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

function Shown() {
  return (
    <span data-testid="shown">
      {useColorMode()} {useColorScheme()}
    </span>
  );
}

const shown = () => screen.getByTestId('shown').textContent;

describe('colour mode', () => {
  const original = window.matchMedia;
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    window.matchMedia = original;
    localStorage.clear();
    reloadColorMode();
  });

  it('follows the system by default, live', () => {
    const system = fakeSystem(true);
    reloadColorMode();
    render(<Shown />);
    expect(shown()).toBe('system dark');
    system.set(false);
    expect(shown()).toBe('system light');
  });

  it('lets the stored choice win over the system', () => {
    const system = fakeSystem(true);
    localStorage.setItem(STORAGE_KEYS.colorMode, 'light');
    reloadColorMode();
    render(<Shown />);
    expect(shown()).toBe('light light');
    system.set(false);
    act(() => setColorMode('dark'));
    expect(shown()).toBe('dark dark');
    expect(localStorage.getItem('colorMode')).toBe('dark');
  });

  it('goes back to following the system when system is chosen', () => {
    const system = fakeSystem(false);
    localStorage.setItem(STORAGE_KEYS.colorMode, 'dark');
    reloadColorMode();
    render(<Shown />);
    expect(shown()).toBe('dark dark');
    act(() => setColorMode('system'));
    expect(shown()).toBe('system light');
    expect(localStorage.getItem('colorMode')).toBe('system');
    system.set(true);
    expect(shown()).toBe('system dark');
  });

  it('treats an unknown stored value, or no matchMedia at all, as system and light', () => {
    localStorage.setItem(STORAGE_KEYS.colorMode, 'sepia');
    // @ts-expect-error jsdom has no matchMedia; some old browsers neither
    window.matchMedia = undefined;
    reloadColorMode();
    render(<Shown />);
    expect(shown()).toBe('system light');
  });
});
