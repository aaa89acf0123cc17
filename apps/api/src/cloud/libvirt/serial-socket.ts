import { createConnection } from 'node:net';
import { StringDecoder } from 'node:string_decoder';
import type { ConsoleStream } from '../driver.js';

/**
 * A guest's serial console, from the unix socket QEMU listens on (the domain's `<serial
 * type='unix'>`): bytes decoded as UTF-8 as they come (a character may span two reads), what
 * arrives before the first listener kept for it. QEMU serves one client at a time: a second
 * console of the same VM waits until the first closes. Rejects when nothing listens there (the
 * guest is not running).
 */
export function openSerialSocket(path: string): Promise<ConsoleStream> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ path });
    const decoder = new StringDecoder('utf8');
    const waiting: string[] = [];
    const dataListeners: ((data: string) => void)[] = [];
    const closeListeners: ((reason: string) => void)[] = [];
    let open = false;
    let closedByUs = false;

    const emit = (text: string) => {
      if (text === '') return;
      if (dataListeners.length === 0) waiting.push(text);
      for (const listener of dataListeners) listener(text);
    };
    socket.on('data', (chunk: Buffer) => emit(decoder.write(chunk)));
    socket.once('error', (error) => {
      if (!open) reject(new Error(`server is not running (no console at ${path}: ${error.message})`));
    });
    socket.on('close', () => {
      emit(decoder.end());
      if (open && !closedByUs) for (const listener of closeListeners) listener('the guest ended its console');
    });
    socket.once('connect', () => {
      open = true;
      resolve({
        write(data) {
          if (!closedByUs) socket.write(data, 'utf8');
        },
        onData(listener) {
          dataListeners.push(listener);
          if (waiting.length > 0) listener(waiting.splice(0).join(''));
        },
        onClose(listener) {
          closeListeners.push(listener);
        },
        close() {
          if (closedByUs) return;
          closedByUs = true;
          socket.end();
          socket.destroy();
        },
      });
    });
  });
}
