/// <reference types="vite/client" />

/** Build-time settings of the web app (see apps/web/.env.example). */
interface ImportMetaEnv {
  readonly VITE_MARKETING_SITE?: string;
  readonly VITE_SOLUTION_URL?: string;
  readonly VITE_PRICING_URL?: string;
  readonly VITE_DOCUMENTS_URL?: string;
  readonly VITE_IDC_URL?: string;
  readonly VITE_CDN_URL?: string;
}

/** The folder of the translation files, relative to the base URL (set by vite-locales.ts). */
declare const __LOCALES_PATH__: string;
