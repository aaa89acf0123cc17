/**
 * Why the cloud did not do what was asked: a resource's `statusReason` after a failed change.
 * The driver's own words (English, and the driver's, not ours) become one of these codes, which
 * the web shows in the page's language (`enums:cloudReason.<code>`); the words stay on the
 * operation's row and in the server log for whoever looks into it (decision 0026).
 */
export const CLOUD_REASONS = [
  /** Out of room: no capacity on a host, a full pool, no address or VLAN left, a quota reached. */
  'CLOUD_NO_CAPACITY',
  /** The server must be running for this (a console, a guest action). */
  'CLOUD_SERVER_NOT_RUNNING',
  /** The server must be stopped for this (a resize, a restore). */
  'CLOUD_SERVER_MUST_BE_STOPPED',
  /** Something the change names is gone in the cloud (a server, a volume, a peer network). */
  'CLOUD_NOT_FOUND',
  /** The other cloud of a connection did not take its pairing key (unknown, expired, used). */
  'CLOUD_PAIR_KEY_REJECTED',
  /** Something still depends on it (a network with objects, a firewall guarding servers). */
  'CLOUD_STILL_IN_USE',
  /** The cloud was busy with it, or it did not finish in time; trying again may work. */
  'CLOUD_BUSY',
  /** The host the server runs on stopped answering. */
  'CLOUD_HOST_UNRESPONSIVE',
  /** Seen by the reconcile job, not a change: the guest powered itself off (from inside, or it halted). */
  'CLOUD_GUEST_POWERED_OFF',
  /** Seen by the reconcile job: the guest crashed, or failed to start, on its host. */
  'CLOUD_GUEST_CRASHED',
  /** Seen by the reconcile job: the cloud no longer has the VM at all. */
  'CLOUD_SERVER_MISSING',
  /** The cloud refused the request as such (a value it does not take). */
  'CLOUD_INVALID_REQUEST',
  /** Anything else. */
  'CLOUD_FAILED',
] as const;
export type CloudReason = (typeof CLOUD_REASONS)[number];

const REASONS: ReadonlySet<string> = new Set(CLOUD_REASONS);
export const isCloudReason = (value: string): value is CloudReason => REASONS.has(value);

/** The driver's words by what they say, first match wins; anything else is CLOUD_FAILED. */
const PATTERNS: readonly [RegExp, CloudReason][] = [
  [/stopped answering|unreachable|not responding|host (is )?down/i, 'CLOUD_HOST_UNRESPONSIVE'],
  [/must be stopped|is running|not shut ?off/i, 'CLOUD_SERVER_MUST_BE_STOPPED'],
  [/not running|is stopped|shut ?off/i, 'CLOUD_SERVER_NOT_RUNNING'],
  [/capacity|full|no .* left|no free|quota|exhausted|insufficient|out of/i, 'CLOUD_NO_CAPACITY'],
  [/still (has|guards|in use|attached)|in use|has objects/i, 'CLOUD_STILL_IN_USE'],
  [/pair(ing)? key/i, 'CLOUD_PAIR_KEY_REJECTED'],
  [/not found|no such|does not exist|unknown (server|volume|network|domain)/i, 'CLOUD_NOT_FOUND'],
  [/busy|stuck|timed out|timeout|locked|try again/i, 'CLOUD_BUSY'],
  [/is not an?|invalid|unknown action|not a .* action|unsupported/i, 'CLOUD_INVALID_REQUEST'],
];

/** The code for the cloud's words (a code passes as it is). */
export function cloudReasonOf(words: string): CloudReason {
  if (isCloudReason(words)) return words;
  return PATTERNS.find(([pattern]) => pattern.test(words))?.[1] ?? 'CLOUD_FAILED';
}
