import { describe, expect, it } from 'vitest';
import { countersOf, metricsBetween, parseDomstats } from './domstats.js';

const reading = (
  cpuNs: number,
  rd: number,
  wr: number,
  rx: number,
  tx: number,
  unusedKib = 131072,
) => `Domain: 'vm-a'
  state.state=1
  cpu.time=${cpuNs}
  balloon.current=262144
  balloon.maximum=262144
  balloon.available=250000
  balloon.unused=${unusedKib}
  balloon.rss=200000
  vcpu.current=2
  vcpu.maximum=2
  net.count=1
  net.0.name=vnet3
  net.0.rx.bytes=${rx}
  net.0.tx.bytes=${tx}
  block.count=2
  block.0.name=vda
  block.0.rd.bytes=${rd}
  block.0.wr.bytes=${wr}
  block.1.name=vdb
  block.1.rd.bytes=1000
  block.1.wr.bytes=0

Domain: 'vm-b'
  state.state=1
  cpu.time=5
`;

describe('domain statistics', () => {
  it('parses every domain of the raw output', () => {
    const domains = parseDomstats(reading(1, 2, 3, 4, 5));
    expect([...domains.keys()]).toEqual(['vm-a', 'vm-b']);
    expect(domains.get('vm-a')!.get('net.0.rx.bytes')).toBe('4');
    expect(domains.get('vm-b')!.get('cpu.time')).toBe('5');
  });

  it('sums disks and interfaces, and reads memory from the balloon', () => {
    const c = countersOf(parseDomstats(reading(7e9, 500, 600, 700, 800)).get('vm-a')!, 1000);
    expect(c).toEqual({
      atMs: 1000,
      cpuTimeNs: 7e9,
      vcpus: 2,
      memPct: ((250000 - 131072) / 250000) * 100,
      diskReadBytes: 1500,
      diskWriteBytes: 600,
      netRxBytes: 700,
      netTxBytes: 800,
    });
  });

  it('falls back to the process resident memory without the guest balloon figures', () => {
    const fields = new Map([
      ['balloon.current', '262144'],
      ['balloon.rss', '131072'],
    ]);
    expect(countersOf(fields, 0).memPct).toBe(50);
  });

  it('turns two readings into percent of the vCPUs and bytes per second', () => {
    const at = (ms: number, text: string) => countersOf(parseDomstats(text).get('vm-a')!, ms);
    const before = at(0, reading(10e9, 1000, 2000, 3000, 4000));
    // 2 vCPUs for 10 s are 20e9 ns; 15e9 ns of them busy is 75 %.
    const after = at(10_000, reading(25e9, 11_000, 4000, 53_000, 4500, 100000));
    expect(metricsBetween(before, after)).toEqual({
      cpuPct: 75,
      memPct: 60,
      diskReadBps: 1000,
      diskWriteBps: 200,
      netInBps: 5000,
      netOutBps: 50,
    });
  });

  it('has no reading without time between, or when a counter went back (a restart)', () => {
    const at = (ms: number, cpu: number) =>
      countersOf(parseDomstats(reading(cpu, 0, 0, 0, 0)).get('vm-a')!, ms);
    expect(metricsBetween(at(0, 5e9), at(0, 6e9))).toBeNull();
    expect(metricsBetween(at(0, 5e9), at(1000, 1e9))).toBeNull();
    expect(metricsBetween(at(0, 0), at(1000, 9e9))!.cpuPct).toBe(100);
  });
});
