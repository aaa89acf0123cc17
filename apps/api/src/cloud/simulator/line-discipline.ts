/**
 * The terminal line discipline of a serial console's getty (canonical mode): the guest, not the
 * browser, echoes what is typed, edits the line and turns Ctrl-C and Ctrl-D into signals. The
 * console's shell gets whole lines.
 */
export interface LineHandlers {
  /** Echo and erase sequences, written back to the terminal. */
  echo(text: string): void;
  line(text: string): void;
  /** Ctrl-C: the line is dropped (the echo `^C` and a new line are already written). */
  interrupt(): void;
  /** Ctrl-D on an empty line: end of input. */
  eof(): void;
}

export interface LineDiscipline {
  /** Keystrokes as the terminal sends them: printable text, control characters, escape sequences. */
  feed(data: string): void;
  /** Echo off while a password is typed; the Enter that ends it still moves to the next line. */
  setEcho(on: boolean): void;
}

/** Longer lines are refused with the bell, as a tty's 4,096-byte line buffer would. */
export const MAX_LINE = 1024;

const ESC = '\x1b';
const BELL = '\x07';

/** Two columns in a terminal: the East Asian wide and full-width ranges, and most emoji. */
export function isWide(char: string): boolean {
  const c = char.codePointAt(0) ?? 0;
  return (
    (c >= 0x1100 && c <= 0x115f) ||
    (c >= 0x2e80 && c <= 0xa4cf && c !== 0x303f) ||
    (c >= 0xac00 && c <= 0xd7a3) ||
    (c >= 0xf900 && c <= 0xfaff) ||
    (c >= 0xfe30 && c <= 0xfe4f) ||
    (c >= 0xff00 && c <= 0xff60) ||
    (c >= 0xffe0 && c <= 0xffe6) ||
    (c >= 0x1f300 && c <= 0x1f64f) ||
    (c >= 0x1f900 && c <= 0x1f9ff) ||
    (c >= 0x20000 && c <= 0x3fffd)
  );
}

const erase = (char: string) => (isWide(char) ? '\b\b  \b\b' : '\b \b');

export function createLineDiscipline(handlers: LineHandlers): LineDiscipline {
  // Characters (code points), so a backspace takes back a whole one.
  let line: string[] = [];
  let echo = true;
  // Escape sequences (arrow keys, function keys) are swallowed whole: this line has no history
  // or cursor movement, and their bytes must not land in it.
  let escape: 'none' | 'esc' | 'csi' | 'ss3' = 'none';
  let afterCr = false;

  const write = (text: string) => {
    if (echo) handlers.echo(text);
  };

  const enter = () => {
    const text = line.join('');
    line = [];
    handlers.echo('\r\n');
    handlers.line(text);
  };

  const take = (char: string) => {
    const code = char.codePointAt(0) ?? 0;
    if (escape === 'esc') {
      escape = char === '[' ? 'csi' : char === 'O' ? 'ss3' : 'none';
      return;
    }
    if (escape === 'csi') {
      // Parameters and intermediates run until a final byte from @ to ~.
      if (code >= 0x40 && code <= 0x7e) escape = 'none';
      return;
    }
    if (escape === 'ss3') {
      escape = 'none';
      return;
    }
    const crlf = afterCr && char === '\n';
    afterCr = char === '\r';
    if (crlf) return;
    switch (char) {
      case ESC:
        escape = 'esc';
        return;
      case '\r':
      case '\n':
        enter();
        return;
      case '\x7f':
      case '\b': {
        const last = line.pop();
        if (last !== undefined) write(erase(last));
        return;
      }
      case '\x15': // Ctrl-U: the whole line
        write(line.reverse().map(erase).join(''));
        line = [];
        return;
      case '\x03':
        line = [];
        handlers.echo('^C\r\n');
        handlers.interrupt();
        return;
      case '\x04':
        if (line.length === 0) handlers.eof();
        return;
    }
    // Other control characters (Tab: there is no completion) do nothing.
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return;
    if (line.length >= MAX_LINE) {
      handlers.echo(BELL);
      return;
    }
    line.push(char);
    write(char);
  };

  return {
    feed(data) {
      for (const char of data) take(char);
    },
    setEcho(on) {
      echo = on;
    },
  };
}
