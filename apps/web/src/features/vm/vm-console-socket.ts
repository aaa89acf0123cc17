import { useCallback, useEffect, useRef, useState } from 'react';
import { consoleCloseReason } from '@portal/shared';
import { isApiError } from '../../lib/api/api-error';
import { requestConsoleTicket } from './vm-api';

/** How the console's connection stands; `message` is a translation key ("vm:console.closed.x"). */
export type ConsolePhase =
  { phase: 'connecting' } | { phase: 'connected' } | { phase: 'closed'; message: string };

/** The console's socket on this page's own host: ws: beside http:, wss: beside https:. */
export function consoleSocketUrl(
  location: Pick<Location, 'protocol' | 'host'>,
  vmUuid: string,
  ticket: string,
) {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/api/vms/${encodeURIComponent(vmUuid)}/console/ws?ticket=${encodeURIComponent(ticket)}`;
}

/** What a closed socket tells the user: the server's reason, or how the connection went. */
export function closeMessage(event: { code: number }, opened: boolean): string {
  const reason = consoleCloseReason(event.code);
  if (reason) return `vm:console.closed.${reason}`;
  // Refused before the upgrade (a spent ticket, a stopped VM) or never reached.
  if (!opened) return 'vm:console.closed.connectFailed';
  return event.code === 1000 || event.code === 1005 ? 'vm:console.closed.normal' : 'vm:console.closed.lost';
}

/**
 * The VM's console connection: a ticket from the API, then the WebSocket (decision 0020). Output
 * goes to `onData`; `send` types. Closes when the component goes; `reconnect` starts over.
 */
export function useConsoleSocket(vmUuid: string, onData: (text: string) => void) {
  const [state, setState] = useState<ConsolePhase>({ phase: 'connecting' });
  const [demoLogin, setDemoLogin] = useState<string | null>(null);
  const socket = useRef<WebSocket | null>(null);
  const output = useRef(onData);
  // Each attempt has a number: the answers of an abandoned one change nothing.
  const attempt = useRef(0);

  useEffect(() => {
    output.current = onData;
  }, [onData]);

  const open = useCallback(async () => {
    const mine = ++attempt.current;
    const current = () => mine === attempt.current;
    let ticket;
    try {
      ticket = await requestConsoleTicket(vmUuid);
    } catch (error) {
      if (!current()) return;
      const code = isApiError(error) && error.msg ? error.msg : null;
      setState({ phase: 'closed', message: code ? `apiError:${code}` : 'vm:console.closed.connectFailed' });
      return;
    }
    if (!current()) return;
    setDemoLogin(ticket.demoLogin);
    const ws = new WebSocket(consoleSocketUrl(window.location, vmUuid, ticket.ticket));
    socket.current = ws;
    let opened = false;
    ws.onopen = () => {
      opened = true;
      if (current()) setState({ phase: 'connected' });
    };
    ws.onmessage = (event: MessageEvent<string>) => output.current(String(event.data));
    ws.onclose = (event) => {
      if (socket.current === ws) socket.current = null;
      if (current()) setState({ phase: 'closed', message: closeMessage(event, opened) });
    };
  }, [vmUuid]);

  const close = useCallback(() => {
    attempt.current++;
    socket.current?.close(1000);
    socket.current = null;
  }, []);

  useEffect(() => {
    void open();
    return close;
  }, [open, close]);

  const reconnect = useCallback(() => {
    close();
    setState({ phase: 'connecting' });
    void open();
  }, [open, close]);

  const send = useCallback((data: string) => {
    if (socket.current?.readyState === WebSocket.OPEN) socket.current.send(data);
  }, []);

  return { state, demoLogin, reconnect, send };
}
