import { tableRows } from './virsh-table.js';

/** A domain as the portal speaks of a VM's power. */
export type PowerState = 'running' | 'stopped' | 'error';

/**
 * libvirt's state words (`virsh domstate --reason`: "running (booted)", "shut off (destroyed)",
 * "crashed (panicked)"; `virsh list --all`: "running", "shut off") as the portal's power. A paused
 * or suspended guest still holds its host's memory and comes back as it was, so it counts as
 * running; a crash, or a start that failed ("shut off (failed)"), is an error; any other shut-off
 * (shut down, destroyed, saved, a guest that powered itself off) is stopped.
 */
export function powerOf(stateText: string): PowerState {
  const text = stateText.trim().toLowerCase();
  const [, state = text, reason = ''] = /^([^(]*?)\s*(?:\((.*)\))?$/.exec(text) ?? [];
  if (state === 'crashed' || (state === 'shut off' && reason === 'failed')) return 'error';
  if (state === 'shut off' || state === 'shutoff') return 'stopped';
  if (['running', 'idle', 'blocked', 'paused', 'in shutdown', 'pmsuspended'].includes(state))
    return 'running';
  return 'error';
}

/** Every domain of `virsh list --all` by name, with its power. */
export function parseDomainList(output: string): Map<string, PowerState> {
  const domains = new Map<string, PowerState>();
  for (const [, name, ...state] of tableRows(output)) if (name) domains.set(name, powerOf(state.join(' ')));
  return domains;
}
