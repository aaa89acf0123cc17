import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONSOLE_CLOSE, type Vm, VmStatus } from '@portal/shared';
import { json } from '../../test/http';
import { ROOT, fakeApi, renderInApp } from '../../test/resource-kit';
import { VmConsoleTab } from './vm-console-tab';
import { closeMessage, consoleSocketUrl, useConsoleSocket } from './vm-console-socket';

/** A WebSocket the test drives: it records what was sent and opens or closes when told. */
class FakeSocket {
  static last: FakeSocket | null = null;
  static OPEN = 1;
  readyState = 0;
  sent: string[] = [];
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code: number) {
    this.closedWith = code;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  end(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeSocket.last = null;
});

const UUID = '7d5a3c1e-0000-4000-8000-000000000001';

function answerTickets(answer: () => Response) {
  vi.stubGlobal('WebSocket', FakeSocket);
  return fakeApi(ROOT, (url, init) =>
    url.pathname === `/api/vms/${UUID}/console` && init.method === 'POST' ? answer() : undefined,
  );
}

const ticket = () =>
  json(200, { data: { ticket: 't/1+2', expiresAt: '2026-01-01T00:00:30Z', demoLogin: 'root' } });

describe('the console socket', () => {
  it('asks for a ticket, opens the socket on this host with it, and carries text both ways', async () => {
    answerTickets(ticket);
    const output: string[] = [];
    const { result, unmount } = renderHook(() => useConsoleSocket(UUID, (text) => output.push(text)));
    expect(result.current.state).toEqual({ phase: 'connecting' });
    await waitFor(() => expect(FakeSocket.last).not.toBeNull());
    const socket = FakeSocket.last!;
    expect(socket.url).toBe(`ws://localhost:3000/api/vms/${UUID}/console/ws?ticket=t%2F1%2B2`);
    expect(result.current.demoLogin).toBe('root');
    act(() => socket.open());
    expect(result.current.state).toEqual({ phase: 'connected' });
    act(() => socket.onmessage?.({ data: 'login: ' }));
    expect(output).toEqual(['login: ']);
    act(() => result.current.send('root\r'));
    expect(socket.sent).toEqual(['root\r']);
    act(() => socket.end(CONSOLE_CLOSE.vmNotRunning));
    expect(result.current.state).toEqual({ phase: 'closed', message: 'vm:console.closed.vmNotRunning' });
    unmount();
  });

  it('shows the refusal of the ticket, and starts over on Reconnect', async () => {
    let refuse = true;
    const calls = answerTickets(() => (refuse ? json(400, { msg: 'VM_STATUS_ERROR' }) : ticket()));
    const { result, unmount } = renderHook(() => useConsoleSocket(UUID, () => undefined));
    await waitFor(() =>
      expect(result.current.state).toEqual({ phase: 'closed', message: 'apiError:VM_STATUS_ERROR' }),
    );
    expect(FakeSocket.last).toBeNull();
    refuse = false;
    act(() => result.current.reconnect());
    expect(result.current.state).toEqual({ phase: 'connecting' });
    await waitFor(() => expect(FakeSocket.last).not.toBeNull());
    expect(calls.mock.calls.filter(([url]) => String(url).endsWith('/console'))).toHaveLength(2);
    const socket = FakeSocket.last!;
    unmount();
    expect(socket.closedWith).toBe(1000);
  });

  it('tells a refused upgrade from a lost connection and from the server’s reasons', () => {
    expect(closeMessage({ code: 1006 }, false)).toBe('vm:console.closed.connectFailed');
    expect(closeMessage({ code: 1006 }, true)).toBe('vm:console.closed.lost');
    expect(closeMessage({ code: 1000 }, true)).toBe('vm:console.closed.normal');
    expect(closeMessage({ code: CONSOLE_CLOSE.sessionEnded }, true)).toBe('vm:console.closed.sessionEnded');
    expect(consoleSocketUrl({ protocol: 'https:', host: 'portal.example' }, UUID, 'x')).toBe(
      `wss://portal.example/api/vms/${UUID}/console/ws?ticket=x`,
    );
  });
});

describe('the web tab', () => {
  it('says why a VM that is not running has no console, and asks for no ticket', async () => {
    const calls = answerTickets(ticket);
    const vm = { uuid: UUID, name: 'web-01', status: VmStatus.STOPPED, pendingOperation: null } as Vm;
    renderInApp(<VmConsoleTab vm={vm} />);
    const note = await screen.findByTestId('vm-console-not-running');
    expect(note.textContent).toContain('The console opens while the VM is running (now: Stopped).');
    expect(note.textContent).toContain('The virtual machine cannot do this in its current status.');
    expect(calls.mock.calls.some(([url]) => String(url).includes('/console'))).toBe(false);
  });
});
