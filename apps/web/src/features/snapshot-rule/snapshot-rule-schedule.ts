import type { TFunction } from 'i18next';
import { SnapshotPolicyCycle, SNAPSHOT_RUN_HOURS, type SnapshotRule } from '@portal/shared';

const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** "Daily at 02:00", "Weekly on Sunday at 02:00", "Every 12 hours (02:00 and 14:00)". */
export function scheduleText(rule: Pick<SnapshotRule, 'policyCycle' | 'weekday'>, t: TFunction): string {
  const [first, second] = SNAPSHOT_RUN_HOURS;
  if (rule.policyCycle === SnapshotPolicyCycle.HALF_DAILY)
    return t('snapshotRule:schedule.halfDaily', { first: hour(first), second: hour(second) });
  if (rule.policyCycle === SnapshotPolicyCycle.WEEKLY)
    return t('snapshotRule:schedule.weekly', { day: t(`enums:weekday.${rule.weekday}`), at: hour(first) });
  return t('snapshotRule:schedule.daily', { at: hour(first) });
}
