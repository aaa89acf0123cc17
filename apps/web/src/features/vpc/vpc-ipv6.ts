import type { TFunction } from 'i18next';
import type { Vpc } from '@portal/shared';

/** The IPv6 range, or "pending" while the cloud has given none ("-1"). */
export const ipv6Text = (v: Vpc, t: TFunction) =>
  v.cidrIpv6 === '-1' ? t('vpc:values.ipv6Pending') : v.cidrIpv6;
