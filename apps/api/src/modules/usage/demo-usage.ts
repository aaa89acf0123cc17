import { DEFAULT_TIME_ZONE, shiftMonth } from '@portal/shared';
import type { Db } from '../../db/database.js';
import { floorHour, meterUsageHours } from './metering.js';
import { currentMonth } from './usage-service.js';

/** The first moment of `month` ('YYYY-MM') in Taipei (UTC+8 all year: no daylight saving). */
const taipeiMonthStart = (month: string) => new Date(`${month}-01T00:00:00+08:00`);

/**
 * The demo customer's metered past on a first start: the real meter run over every hour since
 * the start of last month, on the fleet just seeded (whose machines, disks, buckets and networks
 * carry their creation times), so the usage report and the valuation have a history to show
 * rather than an empty month. Returns the hours metered.
 */
export async function seedDemoUsage(db: Db, now = new Date()): Promise<number> {
  const from = taipeiMonthStart(shiftMonth(currentMonth(now, DEFAULT_TIME_ZONE), 1));
  return (await meterUsageHours(db, from, floorHour(now))).length;
}
