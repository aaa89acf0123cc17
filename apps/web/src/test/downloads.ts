import { vi } from 'vitest';

/**
 * Catches what the page hands the browser to save: jsdom has no object URLs, so each saved blob
 * is pushed on the returned list instead of being downloaded.
 */
export function captureDownloads(): Blob[] {
  const saved: Blob[] = [];
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => (saved.push(blob), 'blob:csv'),
    revokeObjectURL: () => undefined,
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  return saved;
}

/** A saved CSV's lines (the byte-order mark dropped by decoding, CRLF split). */
export async function csvLines(blob: Blob): Promise<string[]> {
  return new TextDecoder().decode(await blob.arrayBuffer()).split('\r\n');
}
