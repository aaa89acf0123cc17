import { describe, expect, it } from 'vitest';
import { markedParts, paletteKey } from './search-keys';
import { isPaletteShortcut } from './search-shortcut';

describe('paletteKey', () => {
  it('moves down and up through the hits, wrapping round', () => {
    expect(paletteKey('ArrowDown', 0, 3)).toEqual({ type: 'move', active: 1 });
    expect(paletteKey('ArrowDown', 2, 3)).toEqual({ type: 'move', active: 0 });
    expect(paletteKey('ArrowUp', 0, 3)).toEqual({ type: 'move', active: 2 });
    expect(paletteKey('ArrowUp', 2, 3)).toEqual({ type: 'move', active: 1 });
    expect(paletteKey('ArrowDown', -1, 3)).toEqual({ type: 'move', active: 0 });
    expect(paletteKey('Home', 2, 3)).toEqual({ type: 'move', active: 0 });
    expect(paletteKey('End', 0, 3)).toEqual({ type: 'move', active: 2 });
  });

  it('opens the active hit on Enter, and does nothing without hits or for other keys', () => {
    expect(paletteKey('Enter', 1, 3)).toEqual({ type: 'open', index: 1 });
    expect(paletteKey('Enter', -1, 3)).toEqual({ type: 'none' });
    expect(paletteKey('ArrowDown', -1, 0)).toEqual({ type: 'none' });
    expect(paletteKey('Enter', 0, 0)).toEqual({ type: 'none' });
    expect(paletteKey('a', 0, 3)).toEqual({ type: 'none' });
  });
});

describe('isPaletteShortcut', () => {
  const key = (over: Partial<KeyboardEvent>) =>
    ({ key: 'k', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...over }) as KeyboardEvent;
  it('is Ctrl+K or ⌘K, and nothing else', () => {
    expect(isPaletteShortcut(key({ ctrlKey: true }))).toBe(true);
    expect(isPaletteShortcut(key({ metaKey: true, key: 'K' }))).toBe(true);
    expect(isPaletteShortcut(key({}))).toBe(false);
    expect(isPaletteShortcut(key({ ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isPaletteShortcut(key({ ctrlKey: true, key: 'j' }))).toBe(false);
  });
});

describe('markedParts', () => {
  it('marks each occurrence, whatever the case', () => {
    expect(markedParts('Web-1 web', 'WEB')).toEqual([
      { text: 'Web', marked: true },
      { text: '-1 ', marked: false },
      { text: 'web', marked: true },
    ]);
    expect(markedParts('10.0.0.12', '10.0.0.1')).toEqual([
      { text: '10.0.0.1', marked: true },
      { text: '2', marked: false },
    ]);
    expect(markedParts('db-1', '')).toEqual([{ text: 'db-1', marked: false }]);
    expect(markedParts('db-1', 'x')).toEqual([{ text: 'db-1', marked: false }]);
  });
});
