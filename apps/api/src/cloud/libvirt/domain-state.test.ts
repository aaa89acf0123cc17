import { describe, expect, it } from 'vitest';
import { parseDomainList, powerOf } from './domain-state.js';

describe('domain states', () => {
  it('maps libvirt state and reason to the portal power', () => {
    expect(
      [
        'running (booted)',
        'running (unpaused)',
        'paused (user)',
        'in shutdown (user)',
        'shut off (shutdown)',
        'shut off (destroyed)',
        'shut off',
        'shut off (failed)',
        'crashed (panicked)',
        'pmsuspended (unknown)',
        'something new',
      ].map(powerOf),
    ).toEqual([
      'running',
      'running',
      'running',
      'running',
      'stopped',
      'stopped',
      'stopped',
      'error',
      'error',
      'running',
      'error',
    ]);
  });

  it('reads virsh list --all, with or without its header', () => {
    const table = ` Id   Name    State\n--------------------------\n 3    vm-a    running\n -    vm-b    shut off\n`;
    expect([...parseDomainList(table)]).toEqual([
      ['vm-a', 'running'],
      ['vm-b', 'stopped'],
    ]);
    expect([...parseDomainList(' 3    vm-a    running\n -    vm-b    shut off\n')]).toEqual([
      ['vm-a', 'running'],
      ['vm-b', 'stopped'],
    ]);
  });
});
