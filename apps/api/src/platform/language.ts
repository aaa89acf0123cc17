import type { FastifyInstance } from 'fastify';
import { DEFAULT_LANGUAGE, type Language } from '@portal/shared';

/**
 * The supported language the caller prefers most, by Accept-Language quality: any English tag
 * means en, any Chinese tag means zh-TW (the only Chinese we write), anything else the default.
 */
export function pickLanguage(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranges = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((r) => r.tag !== '' && r.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranges) {
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-TW';
  }
  return DEFAULT_LANGUAGE;
}

/** Sets `request.lang` for mail templates and any text the server writes. */
export function registerLanguage(app: FastifyInstance): void {
  app.decorateRequest('lang', DEFAULT_LANGUAGE);
  app.addHook('onRequest', async (request) => {
    request.lang = pickLanguage(request.headers['accept-language']);
  });
}
