import {
  LB_DEFAULT_PORT,
  LB_PROTOCOLS_BY_TYPE,
  LbType,
  isHttpProtocol,
  type LbProtocol,
} from '@portal/shared';

/** The fields a choice of type or protocol moves along with it. */
export interface ListenerFields {
  lbType: LbType;
  lbProtocol: LbProtocol;
  lbPort: number | string;
  lbUrl: string;
  lbXforwardedfor: boolean;
}

/**
 * The listener after a new protocol: the port follows when it was the old protocol's usual one
 * (80 → 443 for HTTPS), and X-Forwarded-For goes off for a protocol without HTTP.
 */
export function withProtocol<T extends ListenerFields>(values: T, protocol: LbProtocol): T {
  const usual = Number(values.lbPort) === LB_DEFAULT_PORT[values.lbProtocol] || values.lbPort === '';
  return {
    ...values,
    lbProtocol: protocol,
    lbPort: usual ? LB_DEFAULT_PORT[protocol] : values.lbPort,
    lbXforwardedfor: isHttpProtocol(protocol) && values.lbXforwardedfor,
  };
}

/** The listener after a new type: its first protocol, and no host name for a network balancer. */
export function withType<T extends ListenerFields>(values: T, type: LbType): T {
  const next = withProtocol({ ...values, lbType: type }, LB_PROTOCOLS_BY_TYPE[type][0]!);
  return { ...next, lbUrl: type === LbType.NETWORK ? '' : values.lbUrl };
}
