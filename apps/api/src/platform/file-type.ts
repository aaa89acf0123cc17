/**
 * The media type of an upload read from its first bytes (magic numbers), never from its name or
 * the browser's claim: an .exe renamed .pdf or an HTML page named .png is refused.
 */
export function sniffDocType(bytes: Buffer): string | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (
    bytes.subarray(0, 6).toString('latin1') === 'GIF87a' ||
    bytes.subarray(0, 6).toString('latin1') === 'GIF89a'
  )
    return 'image/gif';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return null;
}
