import { type EnumValue, labelKeyOf } from './enum.js';

/**
 * Load balancer type, lbType (ours: the spec names the field, not its values). 1 an application
 * balancer (layer 7: HTTP or HTTPS, may answer one host name, may add X-Forwarded-For), 2 a network
 * balancer (layer 4: TCP or UDP, passes connections as they come). Label keys `enums.lbType.<value>`.
 */
export const LbType = { APPLICATION: 1, NETWORK: 2 } as const;
export type LbType = EnumValue<typeof LbType>;
export const lbTypeLabelKey = labelKeyOf('lbType', LbType);

/** Listener protocol, lbProtocol; the wire value is its name. Label keys `enums.lbProtocol.<value>`. */
export const LbProtocol = { HTTP: 'HTTP', HTTPS: 'HTTPS', TCP: 'TCP', UDP: 'UDP' } as const;
export type LbProtocol = EnumValue<typeof LbProtocol>;
export const lbProtocolLabelKey = labelKeyOf('lbProtocol', LbProtocol);

/** The protocols each type listens with, the first being the form's default. */
export const LB_PROTOCOLS_BY_TYPE: Readonly<Record<LbType, readonly LbProtocol[]>> = {
  [LbType.APPLICATION]: [LbProtocol.HTTP, LbProtocol.HTTPS],
  [LbType.NETWORK]: [LbProtocol.TCP, LbProtocol.UDP],
};

/** The port a protocol listens on unless the user says otherwise. */
export const LB_DEFAULT_PORT: Readonly<Record<LbProtocol, number>> = {
  HTTP: 80,
  HTTPS: 443,
  TCP: 80,
  UDP: 53,
};

/** Whether a protocol speaks HTTP (X-Forwarded-For and the host name apply only then). */
export const isHttpProtocol = (protocol: string): boolean =>
  protocol === LbProtocol.HTTP || protocol === LbProtocol.HTTPS;

/**
 * Load balancer status (ours, in the numbering of the other network resources): -1 error (the
 * cloud could not program it; `statusReason` says why), 0 processing (being created), 1 active,
 * 5 updating (a change is being programmed), 6 deleting. Label keys `enums.lbStatus.<value>`.
 */
export const LbStatus = { ERROR: -1, PROCESSING: 0, ACTIVE: 1, UPDATING: 5, DELETING: 6 } as const;
export type LbStatus = EnumValue<typeof LbStatus>;
export const lbStatusLabelKey = labelKeyOf('lbStatus', LbStatus);
