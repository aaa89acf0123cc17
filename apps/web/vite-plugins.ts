import type { Plugin } from 'vite';

const STUB_PREFIX = '\0mui-no-css-vars:';
const STUBS: Record<string, string> = {
  './createThemeWithVars.mjs': 'export default function createThemeWithVars() { throw new Error(MESSAGE); }',
  './ThemeProviderWithVars.mjs': 'export function CssVarsProvider() { throw new Error(MESSAGE); }',
};
const MESSAGE = 'The portal builds its MUI theme without CSS variables (see vite-plugins.ts)';

/**
 * MUI's `createTheme` and `ThemeProvider` reach its CSS-variables theme engine (some 45 kB of
 * code) even when the theme does not use it, which ours does not (`cssVariables` unset, no
 * `colorSchemes`). Inside those two modules only, the engine is replaced by a stub that throws,
 * so the first page of every visitor is about 12 KB gzip lighter. Should a theme turn CSS
 * variables on, the stub fails loudly at start instead of silently misrendering.
 */
export function muiWithoutCssVars(): Plugin {
  return {
    name: 'portal-mui-without-css-vars',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !(source in STUBS)) return null;
      return /@mui[\\/]material[\\/]styles[\\/](createTheme|ThemeProvider)\.mjs$/.test(importer)
        ? `${STUB_PREFIX}${source}`
        : null;
    },
    load(id) {
      if (!id.startsWith(STUB_PREFIX)) return null;
      const stub = STUBS[id.slice(STUB_PREFIX.length)];
      return stub ? `const MESSAGE = ${JSON.stringify(MESSAGE)};\n${stub}` : null;
    },
  };
}
