import { describe, expect, it } from 'vitest';
import { simulatedReading, type SimulatedLoad } from './metrics.js';

const server = (over: Partial<SimulatedLoad> = {}): SimulatedLoad => ({
  id: '7d5a3c1e-0000-4000-8000-00000000abcd',
  cpu: 4,
  ramGb: 8,
  bootedAt: new Date('2026-01-01T00:00:00Z'),
  stressUntil: null,
  ...over,
});
const MINUTE = 60_000;
const day = (from: string, s = server()) =>
  Array.from({ length: 1440 }, (_, i) => simulatedReading(s, new Date(Date.parse(from) + i * MINUTE)));

describe('simulated readings', () => {
  it('are the same for the same server and time, and differ between servers', () => {
    const at = new Date('2026-03-02T10:00:00Z');
    expect(simulatedReading(server(), at)).toEqual(simulatedReading(server(), at));
    expect(simulatedReading(server({ id: '7d5a3c1e-0000-4000-8000-00000000abce' }), at)).not.toEqual(
      simulatedReading(server(), at),
    );
  });

  it('stay in range and move through the day: busier in Taiwan’s afternoon than at night', () => {
    const ids = Array.from(
      { length: 20 },
      (_, i) => `7d5a3c1e-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`,
    );
    let afternoon = 0;
    let night = 0;
    for (const id of ids) {
      const readings = day('2026-03-02T00:00:00Z', server({ id }));
      const inRange = readings.every(
        (r) =>
          r.cpuPct > 0 &&
          r.cpuPct <= 100 &&
          r.memPct > 0 &&
          r.memPct < 100 &&
          [r.diskReadBps, r.diskWriteBps, r.netInBps, r.netOutBps].every(
            (bps) => Number.isInteger(bps) && bps >= 0,
          ),
      );
      expect(inRange).toBe(true);
      const mean = (from: number, to: number) =>
        readings.slice(from * 60, to * 60).reduce((n, r) => n + r.cpuPct, 0) / ((to - from) * 60);
      afternoon += mean(5, 9); // 13:00-17:00 in Taipei
      night += mean(17, 21); // 01:00-05:00 in Taipei
    }
    expect(afternoon).toBeGreaterThan(night * 1.3);
    // Not a flat line: readings a minute apart differ.
    const readings = day('2026-03-02T00:00:00Z');
    expect(new Set(readings.map((r) => r.cpuPct)).size).toBeGreaterThan(700);
  });

  it('reads near full CPU while a stress run lasts, and busy just after a boot', () => {
    const at = new Date('2026-03-02T03:00:00Z');
    const stressed = simulatedReading(server({ stressUntil: new Date(at.getTime() + 1) }), at);
    expect(stressed.cpuPct).toBeGreaterThanOrEqual(92);
    const ended = simulatedReading(server({ stressUntil: at }), at);
    expect(ended.cpuPct).toBe(simulatedReading(server(), at).cpuPct);
    const booting = simulatedReading(server({ bootedAt: new Date(at.getTime() - MINUTE) }), at);
    expect(booting.cpuPct).toBeGreaterThanOrEqual(55);
  });
});
