import type { TFunction } from 'i18next';

export interface LegalSection {
  heading: string;
  paragraphs: string[];
  items: string[];
}

export interface LegalDocumentContent {
  title: string;
  updated: string;
  contents: string;
  intro: string[];
  sections: LegalSection[];
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/**
 * The document of a legal namespace, read defensively: a locale file is data, and a missing list
 * must render as nothing rather than break the page.
 */
export function readLegalDocument(t: TFunction): LegalDocumentContent {
  const raw = t('sections', { returnObjects: true }) as unknown;
  const sections = (Array.isArray(raw) ? raw : []).map((s: unknown): LegalSection => {
    const section = (s ?? {}) as Record<string, unknown>;
    return {
      heading: typeof section.heading === 'string' ? section.heading : '',
      paragraphs: strings(section.paragraphs),
      items: strings(section.items),
    };
  });
  return {
    title: t('title'),
    updated: t('updated'),
    contents: t('contents'),
    intro: strings(t('intro', { returnObjects: true })),
    sections,
  };
}
