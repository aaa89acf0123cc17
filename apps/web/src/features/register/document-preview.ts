/** How a document of an application is shown: images in the page, PDFs in a tab of their own. */
export type PreviewKind = 'image' | 'pdf';

const IMAGES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/**
 * Images are fetched with the staff session and shown from a blob: URL (the content policy allows
 * blob: images). PDFs need the browser's viewer, which the policy keeps out of the page
 * (object-src and frame-src 'none'), so they open from a one-minute view link. Anything else
 * (the server stores no other type) is only downloaded.
 */
export function previewKind(contentType: string): PreviewKind | null {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (IMAGES.has(type)) return 'image';
  if (type === 'application/pdf') return 'pdf';
  return null;
}
