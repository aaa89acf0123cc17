import { AlarmStatus, alarmContract } from '@portal/shared';
import { identityOf } from '../../lib/resource-kit/identity';
import { type StatusTone, defineStatus } from '../../lib/resource-kit/status';

/** Who the alarm resource is; the declaration (alarm-resource.tsx) adds how it shows and acts. */
export const alarmBase = identityOf(alarmContract, {
  name: 'alarm',
  namespace: 'alarm',
  id: (a) => a.uuid,
  title: (a) => a.alarmName,
});

const TONES: Record<AlarmStatus, StatusTone> = {
  [AlarmStatus.NORMAL]: 'success',
  [AlarmStatus.ALARMING]: 'error',
  [AlarmStatus.INSUFFICIENT_DATA]: 'default',
};

/** An alarm's status: green when normal, red while alarming. */
export const alarmStatus = defineStatus(alarmBase, {
  values: AlarmStatus,
  enumKey: 'alarmStatus',
  tone: (a) => TONES[a.status],
});
