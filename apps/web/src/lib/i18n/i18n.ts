import i18next, { type BackendModule, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@portal/shared';
import { applyDocumentLanguage, isLanguage, rememberLanguage } from './language';

type LocaleModule = { default: Record<string, unknown> };

// One chunk per language and namespace: a visitor downloads only what the current language and
// the pages they open need.
const localeLoaders = import.meta.glob<LocaleModule>('../../locales/*/*.json');

const localeBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    const load = localeLoaders[`../../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No locale file ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
    );
  },
};

export const i18n = i18next;

/**
 * Start i18next on `language`. Tests pass `resources` to skip the chunk loader.
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
