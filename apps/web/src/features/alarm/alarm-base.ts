import { alarmContract } from '@portal/shared';
import { identityOf } from '../../lib/resource-kit/identity';

/** Who the alarm resource is; the declaration (alarm-resource.tsx) adds how it shows and acts. */
export const alarmBase = identityOf(alarmContract, {
  name: 'alarm',
  namespace: 'alarm',
  id: (a) => a.uuid,
  title: (a) => a.alarmName,
});
