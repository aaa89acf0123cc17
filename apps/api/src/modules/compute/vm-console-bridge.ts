import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { CONSOLE_CLOSE, type ConsoleCloseReason } from '@portal/shared';
import type { ConsoleStream } from '../../cloud/driver.js';
import { AppError } from '../../platform/errors.js';

export interface ConsoleBridge {
  /** Closes the socket with the reason and the cloud's console with it. */
  end(reason: ConsoleCloseReason): void;
}

export interface BridgeOptions {
  socket: WebSocket;
  /** The cloud's console; keystrokes that arrive before it is open wait for it. */
  open: () => Promise<ConsoleStream>;
  checkMs: number;
  /** Throws when the console may not stay open; `typed`: keystrokes came since the last check. */
  check(typed: boolean): Promise<unknown>;
  log: FastifyBaseLogger;
  onEnd(): void;
}

const text = (data: RawData) =>
  (Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)).toString(
    'utf8',
  );

/** The reason a refused check closes the console with: what a new ticket would be refused with. */
function reasonOf(error: unknown): ConsoleCloseReason | null {
  if (!(error instanceof AppError)) return null;
  if (error.status === 401 || error.status === 403) return 'sessionEnded';
  if (error.status === 404) return 'vmGone';
  return 'vmNotRunning';
}

/**
 * Carries a terminal's WebSocket to a cloud console and back, and checks every `checkMs` that it
 * may stay open (decision 0020): a sign-out, a lock or a stopped VM closes it with its reason.
 */
export function bridgeConsole(options: BridgeOptions): ConsoleBridge {
  const { socket, log } = options;
  let stream: ConsoleStream | null = null;
  const waiting: string[] = [];
  let typed = false;
  let ended = false;
  let checking = false;

  const end = (reason?: ConsoleCloseReason) => {
    if (ended) return;
    ended = true;
    clearInterval(timer);
    stream?.close();
    if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) {
      if (reason) socket.close(CONSOLE_CLOSE[reason], reason);
      else socket.close(1000);
    }
    options.onEnd();
  };

  socket.on('message', (data) => {
    typed = true;
    if (stream) stream.write(text(data));
    else waiting.push(text(data));
  });
  socket.on('close', () => end());

  const timer = setInterval(() => {
    if (checking || ended) return;
    checking = true;
    const sawTyping = typed;
    typed = false;
    options
      .check(sawTyping)
      .catch((error: unknown) => {
        const reason = reasonOf(error);
        if (reason) end(reason);
        // The database may be away for a moment: the next check asks again.
        else log.warn({ err: error }, 'console check failed');
      })
      .finally(() => (checking = false));
  }, options.checkMs);

  options.open().then(
    (opened) => {
      if (ended) return opened.close();
      stream = opened;
      opened.onData((data) => {
        if (socket.readyState === socket.OPEN) socket.send(data);
      });
      opened.onClose((why) => {
        log.info({ why }, 'the cloud ended a console');
        end('consoleFailed');
      });
      for (const data of waiting.splice(0)) opened.write(data);
    },
    (error: unknown) => {
      log.warn({ err: error }, 'the cloud gave no console');
      end('consoleFailed');
    },
  );

  return { end };
}
