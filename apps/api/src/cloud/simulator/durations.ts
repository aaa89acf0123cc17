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
  'network.create': [5 * SECOND, 15 * SECOND],
  'network.update': [3 * SECOND, 8 * SECOND],
  'network.routes': [2 * SECOND, 6 * SECOND],
  'network.delete': [5 * SECOND, 10 * SECOND],
  'firewall.apply': [3 * SECOND, 8 * SECOND],
  'firewall.delete': [3 * SECOND, 6 * SECOND],
  'firewall.attach': [2 * SECOND, 5 * SECOND],
  'firewall.detach': [2 * SECOND, 5 * SECOND],
  'loadBalancer.apply': [20 * SECOND, 40 * SECOND],
  'loadBalancer.delete': [10 * SECOND, 20 * SECOND],
  // A cross-connect waits for the other cloud to accept the pairing key.
  'exchange.order': [45 * SECOND, 120 * SECOND],
  'exchange.delete': [10 * SECOND, 30 * SECOND],
  'cluster.create': [120 * SECOND, 240 * SECOND],
  'cluster.scale': [60 * SECOND, 120 * SECOND],
  'cluster.delete': [30 * SECOND, 60 * SECOND],
};

export function durationOf(action: CloudAction, scale: number, random: () => number = Math.random): number {
  const [min, max] = DURATIONS[action];
  return Math.round((min + (max - min) * random()) * scale);
}
