import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { CONSOLE_CLOSE } from '@portal/shared';
import type { ConsoleStream } from '../../cloud/driver.js';
import { notFound, unauthorized } from '../../platform/errors.js';
import { bridgeConsole } from './vm-console-bridge.js';

/** A socket as `ws` gives it, enough for the bridge: events in, sends and a close out. */
class FakeSocket extends EventEmitter {
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readyState = 1;
  sent: string[] = [];
  closedWith: [number, string?] | null = null;
  send(data: string) {
    this.sent.push(data);
  }
  close(code: number, reason?: string) {
    this.closedWith = [code, reason];
    this.readyState = 3;
  }
}

/** A cloud console that records what it got and can print or end by itself. */
function fakeStream() {
  const data: ((text: string) => void)[] = [];
  const ends: ((why: string) => void)[] = [];
  const stream = {
    written: [] as string[],
    closed: false,
    write: (text: string) => void stream.written.push(text),
    onData: (listener: (text: string) => void) => void data.push(listener),
    onClose: (listener: (why: string) => void) => void ends.push(listener),
    close: () => void (stream.closed = true),
    print: (text: string) => data.forEach((l) => l(text)),
    end: (why: string) => ends.forEach((l) => l(why)),
  };
  return stream;
}

const log = { info: vi.fn(), warn: vi.fn() } as never;

function bridge(options: {
  open?: () => Promise<ConsoleStream>;
  check?: (typed: boolean) => Promise<unknown>;
}) {
  const socket = new FakeSocket();
  const stream = fakeStream();
  const onEnd = vi.fn();
  const check = vi.fn(options.check ?? (() => Promise.resolve()));
  bridgeConsole({
    socket: socket as unknown as WebSocket,
    open: options.open ?? (() => Promise.resolve(stream)),
    checkMs: 10,
    check,
    log,
    onEnd,
  });
  return { socket, stream, onEnd, check };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the console bridge', () => {
  it('hands keystrokes that came before the cloud answered to the console, and output to the socket', async () => {
    const { socket, stream } = bridge({});
    socket.emit('message', Buffer.from('ro'));
    socket.emit('message', [Buffer.from('o'), Buffer.from('t\r')]);
    await tick();
    expect(stream.written).toEqual(['ro', 'ot\r']);
    stream.print('Password: ');
    expect(socket.sent).toEqual(['Password: ']);
  });

  it('closes with consoleFailed when the cloud gives no console or ends it', async () => {
    const refused = bridge({ open: () => Promise.reject(new Error('server is not running')) });
    await tick();
    expect(refused.socket.closedWith).toEqual([CONSOLE_CLOSE.consoleFailed, 'consoleFailed']);
    expect(refused.onEnd).toHaveBeenCalledOnce();

    const ended = bridge({});
    await tick();
    ended.stream.end('host lost');
    expect(ended.socket.closedWith).toEqual([CONSOLE_CLOSE.consoleFailed, 'consoleFailed']);
    expect(ended.stream.closed).toBe(true);
  });

  it('closes with the reason a refused check gives, and says whether the user typed', async () => {
    let answer: Error | null = null;
    const { socket, stream, check } = bridge({
      check: () => (answer ? Promise.reject(answer) : Promise.resolve()),
    });
    await tick();
    socket.emit('message', Buffer.from('x'));
    await vi.waitFor(() => expect(check).toHaveBeenCalledWith(true));
    await vi.waitFor(() => expect(check).toHaveBeenLastCalledWith(false));
    answer = unauthorized();
    await vi.waitFor(() => expect(socket.closedWith).toEqual([CONSOLE_CLOSE.sessionEnded, 'sessionEnded']));
    expect(stream.closed).toBe(true);

    const gone = bridge({ check: () => Promise.reject(notFound()) });
    await vi.waitFor(() => expect(gone.socket.closedWith).toEqual([CONSOLE_CLOSE.vmGone, 'vmGone']));
  });

  it('stays open when a check fails for a reason of ours (the database away a moment)', async () => {
    const { socket, check } = bridge({ check: () => Promise.reject(new Error('connection reset')) });
    await vi.waitFor(() => expect(check.mock.calls.length).toBeGreaterThan(2));
    expect(socket.closedWith).toBeNull();
    socket.emit('close');
  });

  it('ends the cloud console and the checks when the user closes the socket', async () => {
    const { socket, stream, check, onEnd } = bridge({});
    await tick();
    socket.readyState = 3;
    socket.emit('close');
    expect(stream.closed).toBe(true);
    expect(onEnd).toHaveBeenCalledOnce();
    const calls = check.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(check.mock.calls.length).toBe(calls);
  });
});
