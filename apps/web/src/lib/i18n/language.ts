import { DEFAULT_LANGUAGE, LANGUAGES, type Language, STORAGE_KEYS } from '@portal/shared';
import { readStorage, writeStorage } from '../storage';

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/** The stored choice; anything else falls back to zh-TW, the default and fallback language. */
export function storedLanguage(): Language {
  const stored = readStorage(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

export function rememberLanguage(language: Language): void {
  writeStorage(STORAGE_KEYS.language, language);
}

/** Screen readers and the browser's hyphenation and fonts follow <html lang>. */
export function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = language;
}
