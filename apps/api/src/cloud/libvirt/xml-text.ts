const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  "'": '&apos;',
  '"': '&quot;',
};

/** Text made safe for an XML element or a quoted attribute (either quote). */
export const xmlText = (value: string | number): string =>
  String(value).replace(/[&<>'"]/g, (c) => ENTITIES[c]!);
