import { describe, expect, it } from 'vitest';
import { previewKind } from './document-preview';

describe('previewKind', () => {
  it('shows images in the page and PDFs in a tab', () => {
    expect(previewKind('image/png')).toBe('image');
    expect(previewKind('image/webp')).toBe('image');
    expect(previewKind('application/pdf')).toBe('pdf');
    expect(previewKind('Application/PDF; charset=binary')).toBe('pdf');
  });

  it('only downloads anything else (an SVG could carry script)', () => {
    expect(previewKind('image/svg+xml')).toBeNull();
    expect(previewKind('text/html')).toBeNull();
  });
});
