import i18next, { type BackendModule, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@portal/shared';
import { applyDocumentLanguage, isLanguage, rememberLanguage } from './language';

/** Where the translation files are served (see vite-locales.ts): `<folder><language>/<ns>.json`. */
const localesUrl = `${import.meta.env.BASE_URL}${__LOCALES_PATH__}`;

// One JSON file per language and namespace: a visitor downloads only what the current language
// and the pages they open need. A failed read is retried by i18next (maxRetries below).
const localeBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    fetch(`${localesUrl}${language}/${namespace}.json`)
      .then(async (response) => {
        if (!response.ok) {
          callback(new Error(`${response.status} for ${language}/${namespace}`), response.status >= 500);
          return;
        }
        callback(null, (await response.json()) as Record<string, unknown>);
      })
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true));
  },
};

export const i18n = i18next;

/**
 * Start i18next on `language`. Tests pass `resources` to skip the file loader.
 *
 * No fallback language is loaded: zh-TW is the fallback for an unknown stored choice (see
 * storedLanguage), and a unit test keeps the zh-TW and en trees identical, so loading zh-TW files
 * next to en ones would only cost English visitors bandwidth.
 */
export async function initI18n(language: Language, options: { resources?: Resource; ns?: string[] } = {}) {
  if (!options.resources) i18n.use(localeBackend);
  i18n.on('languageChanged', (lng) => {
    if (isLanguage(lng)) applyDocumentLanguage(lng);
    document.title = i18n.t('common:brand.name');
  });
  await i18n.use(initReactI18next).init({
    lng: language,
    supportedLngs: LANGUAGES,
    fallbackLng: false,
    load: 'currentOnly',
    ns: options.ns ?? ['common'],
    defaultNS: 'common',
    resources: options.resources,
    // Spec section 9: translation loading allows 10 parallel reads and 5 retries.
    maxParallelReads: 10,
    maxRetries: 5,
    // React escapes text itself.
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });
  applyDocumentLanguage(language);
  document.title = i18n.t('common:brand.name');
}

export async function changeLanguage(language: Language): Promise<void> {
  rememberLanguage(language);
  await i18n.changeLanguage(language);
}
