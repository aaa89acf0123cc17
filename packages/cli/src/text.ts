import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locale } from './locale.js';
import en from './locales/en.json' with { type: 'json' };
import zhTW from './locales/zh-TW.json' with { type: 'json' };

export type MessageKey = keyof typeof en;
const CATALOGUES: Record<Locale, Record<MessageKey, string>> = { en, 'zh-TW': zhTW };

/** The web app's translations, read where they are: the API's error messages, enum labels, ... */
const WEB_LOCALES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../apps/web/src/locales',
);

export interface Text {
  locale: Locale;
  /** The CLI's own message `key`, with `{name}` placeholders filled from `vars`. */
  t(key: MessageKey, vars?: Record<string, string | number>): string;
  /**
   * A label of the web app's namespace `ns` (apps/web/src/locales/<locale>/<ns>.json) at the
   * dotted `key`, or `fallback` when it has none.
   */
  web(ns: string, key: string, fallback?: string): string;
  /** The API error code's message in this language (the web's apiError namespace), or the code. */
  apiError(code: string): string;
}

export function createText(locale: Locale): Text {
  const namespaces = new Map<string, unknown>();
  const namespace = (ns: string) => {
    if (!namespaces.has(ns)) {
      try {
        namespaces.set(ns, JSON.parse(readFileSync(path.join(WEB_LOCALES, locale, `${ns}.json`), 'utf8')));
      } catch {
        namespaces.set(ns, {});
      }
    }
    return namespaces.get(ns);
  };
  const web = (ns: string, key: string, fallback = key) => {
    let node = namespace(ns);
    for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    return typeof node === 'string' ? node : fallback;
  };
  return {
    locale,
    t: (key, vars = {}) =>
      CATALOGUES[locale][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
        name in vars ? String(vars[name]) : whole,
      ),
    web,
    apiError: (code) => web('apiError', code, code),
  };
}
