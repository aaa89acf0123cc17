import type { CloudAction } from '../driver.js';

const SECOND = 1000;
const DAY = 24 * 60 * 60 * SECOND;

/**
 * How long each request takes on a real cloud, as a range in milliseconds: a VM launches in tens
 * of seconds, a volume type change takes 3 to 7 days (spec section 4). SIMULATOR_TIME_SCALE
 * multiplies them (0: instant, for tests).
 */
export const DURATIONS: Record<CloudAction, [min: number, max: number]> = {
  'server.create': [25 * SECOND, 45 * SECOND],
  'server.start': [8 * SECOND, 15 * SECOND],
  'server.stop': [6 * SECOND, 12 * SECOND],
  'server.forceStop': [2 * SECOND, 4 * SECOND],
  'server.reboot': [10 * SECOND, 20 * SECOND],
  'server.resize': [15 * SECOND, 30 * SECOND],
  'server.delete': [10 * SECOND, 20 * SECOND],
  'volume.create': [5 * SECOND, 10 * SECOND],
  'volume.attach': [3 * SECOND, 6 * SECOND],
  'volume.detach': [3 * SECOND, 6 * SECOND],
  'volume.resize': [5 * SECOND, 15 * SECOND],
  'volume.retype': [3 * DAY, 7 * DAY],
  'volume.delete': [3 * SECOND, 6 * SECOND],
  'interface.update': [3 * SECOND, 8 * SECOND],
  'snapshot.create': [20 * SECOND, 60 * SECOND],
  'snapshot.restore': [30 * SECOND, 90 * SECOND],
  'snapshot.delete': [5 * SECOND, 10 * SECOND],
};

export function durationOf(action: CloudAction, scale: number, random: () => number = Math.random): number {
  const [min, max] = DURATIONS[action];
  return Math.round((min + (max - min) * random()) * scale);
}
