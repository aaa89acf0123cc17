/**
 * The palette's keyboard, apart from the DOM so it can be tested alone: which hit is active after
 * a key, and what a key asks for. Arrows move (wrapping round), Home/End jump to the ends; Enter
 * opens the active hit; Escape is the dialog's own (it closes).
 */
export type PaletteKeyResult =
  { type: 'move'; active: number } | { type: 'open'; index: number } | { type: 'none' };

export function paletteKey(key: string, active: number, count: number): PaletteKeyResult {
  if (count === 0) return { type: 'none' };
  switch (key) {
    case 'ArrowDown':
      return { type: 'move', active: active < 0 ? 0 : (active + 1) % count };
    case 'ArrowUp':
      return { type: 'move', active: active <= 0 ? count - 1 : active - 1 };
    case 'Home':
      return { type: 'move', active: 0 };
    case 'End':
      return { type: 'move', active: count - 1 };
    case 'Enter':
      return active >= 0 && active < count ? { type: 'open', index: active } : { type: 'none' };
    default:
      return { type: 'none' };
  }
}

/** The parts of `text` with each case-insensitive occurrence of `q` marked, for highlighting. */
export function markedParts(text: string, q: string): { text: string; marked: boolean }[] {
  const needle = q.trim().toLowerCase();
  if (!needle) return [{ text, marked: false }];
  const parts: { text: string; marked: boolean }[] = [];
  const haystack = text.toLowerCase();
  // A letter whose lower case is longer (İ) would shift the offsets: leave such text unmarked.
  if (haystack.length !== text.length) return [{ text, marked: false }];
  let from = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, from)) {
    if (at > from) parts.push({ text: text.slice(from, at), marked: false });
    parts.push({ text: text.slice(at, at + needle.length), marked: true });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), marked: false });
  return parts;
}
