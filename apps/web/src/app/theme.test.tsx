import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { themeFor } from './theme';

/** The CSS the page's style sheets hold (emotion's tags). */
const pageCss = () =>
  [...document.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n');

describe('the portal theme', () => {
  it('draws curly quotes and bullets with a Latin face before the CJK fonts, in both schemes', () => {
    for (const scheme of ['light', 'dark'] as const) {
      const { unmount } = render(
        <ThemeProvider theme={themeFor(scheme)}>
          <CssBaseline />
        </ThemeProvider>,
      );
      const css = pageCss().replace(/\s+/g, ' ');
      // Only those: every other character still comes from the stack's CJK and Latin fonts.
      expect(css).toMatch(
        /@font-face ?\{ ?font-family: ?"Latin quotes";[^}]*unicode-range: ?U\+2018-201F, ?U\+2022;/,
      );
      expect(themeFor(scheme).typography.fontFamily?.split(',').slice(0, 2)).toEqual([
        '"Latin quotes"',
        '"Noto Sans TC"',
      ]);
      unmount();
    }
  });
});
