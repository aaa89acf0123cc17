export type Locale = 'en' | 'zh-TW';

/**
 * The language of the system locale, as the C library picks it: LC_ALL, then LC_MESSAGES, then
 * LANG, the first one set (and not empty) decides; Chinese (`zh...`) reads zh-TW, anything else en.
 */
export function systemLocale(env: NodeJS.ProcessEnv): Locale {
  const name = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((v) => v !== undefined && v !== '') ?? '';
  return /^zh/i.test(name) ? 'zh-TW' : 'en';
}
