import '@xterm/xterm/css/xterm.css';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FitAddon } from '@xterm/addon-fit';
import { type ITheme, Terminal } from '@xterm/xterm';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { keysOf } from '../../lib/resource-kit/resource-queries';
import { vmBase } from './vm-base';
import { type ClipboardNotice, VmConsoleToolbar } from './vm-console-toolbar';
import { useConsoleSocket } from './vm-console-socket';

// A dark theme (the colours of a common editor's terminal), readable on any screen.
const THEME: ITheme = {
  background: '#1e1e1e',
  foreground: '#d4d4d4',
  cursor: '#aeafad',
  selectionBackground: '#264f78',
  black: '#000000',
  red: '#cd3131',
  green: '#0dbc79',
  yellow: '#e5e510',
  blue: '#2472c8',
  magenta: '#bc3fbc',
  cyan: '#11a8cd',
  white: '#e5e5e5',
  brightBlack: '#666666',
  brightRed: '#f14c4c',
  brightGreen: '#23d18b',
  brightYellow: '#f5f543',
  brightBlue: '#3b8eea',
  brightMagenta: '#d670d6',
  brightCyan: '#29b8db',
  brightWhite: '#e5e5e5',
};
const FONT =
  '"DejaVu Sans Mono", "Cascadia Mono", Menlo, Consolas, "Liberation Mono", "Noto Sans Mono CJK TC", monospace';

/**
 * The VM's serial console (lazy: xterm.js and its styles load only when the tab opens). Copy:
 * select, then Ctrl+C (without a selection Ctrl+C interrupts) or Ctrl+Shift+C or the button.
 * Paste: Ctrl+V, Ctrl+Shift+V, the browser's menu or the button.
 */
export default function VmConsoleTerminal({ uuid, name }: { uuid: string; name: string }) {
  const { t } = useTranslation('vm');
  const host = useRef<HTMLDivElement>(null);
  const terminal = useRef<Terminal | null>(null);
  const [hasSelection, setHasSelection] = useState(false);
  const [notice, setNotice] = useState<ClipboardNotice>(null);
  const write = useCallback((text: string) => terminal.current?.write(text), []);
  const { state, demoLogin, reconnect, send } = useConsoleSocket(uuid, write);
  const queries = useQueryClient();
  const vmChanged = state.phase === 'closed' && /\.(vmNotRunning|vmGone)$/.test(state.message);

  // The server saw the VM stop or go before this page did: ask for it again, so the page (and
  // this tab, which then says why there is no console) shows it as it is.
  useEffect(() => {
    if (vmChanged) void queries.invalidateQueries({ queryKey: keysOf(vmBase).all });
  }, [vmChanged, queries]);

  const copy = useCallback(async () => {
    const text = terminal.current?.getSelection() ?? '';
    if (!text) return;
    try {
      // Missing where the page is not a secure context (plain http on another host than localhost).
      await navigator.clipboard.writeText(text);
      setNotice('copied');
    } catch {
      setNotice('clipboardUnavailable');
    }
    terminal.current?.focus();
  }, []);

  const paste = useCallback(async () => {
    try {
      const text = await navigator.clipboard.readText();
      // As a paste: bracketed when the guest asked for it, line ends as the terminal sends them.
      terminal.current?.paste(text);
    } catch {
      setNotice('clipboardUnavailable');
    }
    terminal.current?.focus();
  }, []);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const phone = window.matchMedia('(max-width: 599.95px)').matches;
    const term = new Terminal({
      theme: THEME,
      fontFamily: FONT,
      fontSize: phone ? 12 : 14,
      // At 1.0 the row below paints over the underscores of some monospace fonts.
      lineHeight: 1.2,
      cursorBlink: true,
      scrollback: 5000,
      // A serial console prints CR LF itself.
      convertEol: false,
    });
    const fit = new FitAddon();
    term.loadAddon(fit);
    term.open(element);
    terminal.current = term;
    const refit = () => {
      // Not while hidden (no size to fit to).
      if (element.clientWidth > 0) fit.fit();
    };
    refit();
    term.attachCustomKeyEventHandler((event) => {
      if (event.type !== 'keydown') return true;
      const key = event.key.toLowerCase();
      const mod = event.ctrlKey || event.metaKey;
      if (mod && key === 'c' && (event.shiftKey || term.hasSelection())) {
        event.preventDefault();
        void copy();
        return false;
      }
      // Left to the browser, whose paste event the terminal takes as typed text.
      if (mod && key === 'v') return false;
      return true;
    });
    const typed = term.onData(send);
    const selected = term.onSelectionChange(() => setHasSelection(term.hasSelection()));
    const observer = new ResizeObserver(refit);
    observer.observe(element);
    window.addEventListener('resize', refit);
    term.focus();
    return () => {
      window.removeEventListener('resize', refit);
      observer.disconnect();
      typed.dispose();
      selected.dispose();
      term.dispose();
      terminal.current = null;
    };
  }, [send, copy]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
      <VmConsoleToolbar
        state={state}
        hasSelection={hasSelection}
        notice={notice}
        onNoticeClose={() => setNotice(null)}
        onReconnect={() => {
          terminal.current?.reset();
          reconnect();
        }}
        onCopy={() => void copy()}
        onPaste={() => void paste()}
      />
      {demoLogin && (
        <Typography variant="body2" color="text.secondary" data-testid="vm-console-hint">
          {t('console.demoLogin', { user: demoLogin })}
        </Typography>
      )}
      <Box
        ref={host}
        role="region"
        aria-label={t('console.label', { name })}
        data-testid="vm-console-terminal"
        sx={{
          height: { xs: 360, sm: 480 },
          minWidth: 0,
          p: 1,
          bgcolor: THEME.background,
          borderRadius: 1,
          overflow: 'hidden',
          // A closed console stays readable (to copy from) but dimmed.
          filter: state.phase === 'closed' ? 'brightness(0.7)' : undefined,
        }}
      />
      <Typography variant="caption" color="text.secondary">
        {t('console.keys')}
      </Typography>
    </Box>
  );
}
