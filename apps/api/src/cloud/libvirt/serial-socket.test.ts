import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSerialSocket } from './serial-socket.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A unix socket standing in for QEMU's serial port: hands over the connected guest side. */
async function fakeSerial(): Promise<{ path: string; guest: Promise<Socket>; close(): void }> {
  const dir = mkdtempSync(join(tmpdir(), 'serial-'));
  dirs.push(dir);
  const path = join(dir, 'vm.sock');
  let connected!: (socket: Socket) => void;
  const guest = new Promise<Socket>((resolve) => (connected = resolve));
  const server = createServer((socket) => connected(socket));
  await new Promise<void>((resolve) => server.listen(path, resolve));
  return { path, guest, close: () => server.close() };
}

const nextData = (stream: { onData(l: (d: string) => void): void }) =>
  new Promise<string>((resolve) => stream.onData(resolve));

describe('a serial console on a unix socket', () => {
  it('carries typing to the guest and output back, a character split across reads whole', async () => {
    const serial = await fakeSerial();
    const stream = await openSerialSocket(serial.path);
    const guest = await serial.guest;
    const typed = new Promise<string>((resolve) => guest.once('data', (b: Buffer) => resolve(b.toString())));
    stream.write('uname -r\r');
    expect(await typed).toBe('uname -r\r');
    const bytes = Buffer.from('核心 6.1\r\n');
    guest.write(bytes.subarray(0, 1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    guest.write(bytes.subarray(1));
    // Output that came before anyone listened is kept for the first listener.
    await new Promise((resolve) => setTimeout(resolve, 20));
    let seen = await nextData(stream);
    while (seen.length < '核心 6.1\r\n'.length) seen += await nextData(stream);
    expect(seen).toBe('核心 6.1\r\n');
    stream.close();
    serial.close();
  });

  it('says when the guest side ends, not after the portal closed it', async () => {
    const serial = await fakeSerial();
    const stream = await openSerialSocket(serial.path);
    const ended = new Promise<string>((resolve) => stream.onClose(resolve));
    (await serial.guest).destroy();
    expect(await ended).toBe('the guest ended its console');
    serial.close();
  });

  it('rejects when nothing listens', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'serial-'));
    dirs.push(dir);
    await expect(openSerialSocket(join(dir, 'none.sock'))).rejects.toThrow(/server is not running/);
  });
});
