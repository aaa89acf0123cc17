import { ccisToday, type Valuation } from '@portal/shared';
import type { AuthContext } from '../../platform/auth-context.js';
import { keep, tenantKey } from '../../platform/resources/kept-answer.js';
import type { ListCache } from '../../platform/resources/list-cache.js';
import { currentValuation } from './usage-service.js';

/**
 * The key of a kept usage answer: who asks, the meter's last hour (every metered figure changes
 * only when it moves on; prices are the seeded list), the customer's day (the month, the date and
 * the forecast go by it) and the question. Not the resources version: usage lines keep the names
 * they were metered with, so a change to a VM does not change this month's figures until metered.
 */
export const usageKey = (auth: AuthContext, now: Date, question: string) =>
  `usage:${tenantKey(auth)}:${auth.meteredThrough}:${ccisToday(now, auth.client.timeZone)}:${question}`;

/** The current month's valuation, kept as usageKey says: the dashboard's spend. */
export const keptCurrentValuation =
  (answers: ListCache) =>
  async (auth: AuthContext, now: Date): Promise<Valuation> =>
    JSON.parse(
      await keep(answers, usageKey(auth, now, 'current-valuation'), async () =>
        JSON.stringify(await currentValuation(auth, now)),
      ),
    ) as Valuation;
