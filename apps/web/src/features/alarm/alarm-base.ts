import type { Alarm } from '@portal/shared';
import type { ResourceIdentity } from '../../lib/resource-kit/definition';

/** Who the alarm resource is; the declaration (alarm-resource.tsx) adds how it shows and acts. */
export const alarmBase: ResourceIdentity<Alarm> = {
  name: 'alarm',
  namespace: 'alarm',
  base: '/alarms',
  id: (a) => a.uuid,
  title: (a) => a.alarmName,
  routes: { list: 'alarm', create: 'alarmCreate', edit: 'alarmEdit' },
  authority: { view: 'monitor/alarm', manage: 'monitor/alarm/manage' },
};
