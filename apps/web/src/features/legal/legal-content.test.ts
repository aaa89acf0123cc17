import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { readLegalDocument } from './legal-content';

const fakeT = (tree: Record<string, unknown>) => ((key: string) => tree[key] ?? key) as unknown as TFunction;

describe('readLegalDocument', () => {
  it('reads the title, date, introduction and sections of a namespace', () => {
    const doc = readLegalDocument(
      fakeT({
        title: 'Privacy',
        updated: 'Last updated 1 November 2026',
        contents: 'Contents',
        intro: ['We care.'],
        sections: [
          { heading: 'Scope', paragraphs: ['One.', 'Two.'], items: ['a', 'b'] },
          { heading: 'Contact', paragraphs: ['Write to us.'] },
        ],
      }),
    );
    expect(doc).toEqual({
      title: 'Privacy',
      updated: 'Last updated 1 November 2026',
      contents: 'Contents',
      intro: ['We care.'],
      sections: [
        { heading: 'Scope', paragraphs: ['One.', 'Two.'], items: ['a', 'b'] },
        { heading: 'Contact', paragraphs: ['Write to us.'], items: [] },
      ],
    });
  });

  it('renders a malformed or missing list as nothing instead of failing', () => {
    const doc = readLegalDocument(
      fakeT({
        title: 'T',
        updated: 'U',
        contents: 'C',
        intro: 'oops',
        sections: [null, { heading: 3, items: [1, 'x'] }],
      }),
    );
    expect(doc.intro).toEqual([]);
    expect(doc.sections).toEqual([
      { heading: '', paragraphs: [], items: [] },
      { heading: '', paragraphs: [], items: ['x'] },
    ]);
    // i18next answers the key itself when a namespace lacks it.
    expect(readLegalDocument(fakeT({})).sections).toEqual([]);
  });
});
