/**
 * The palette's shortcut, kept apart from its keyboard (search-keys.ts) so the top bar's launcher
 * carries none of the palette's code.
 */
export const isPaletteShortcut = (
  e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
) => (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k';
