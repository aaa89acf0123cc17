import type { Valuation } from '@portal/shared';
import type { AuthContext } from '../../platform/auth-context.js';
import { defineModule } from '../../platform/modules/portal-module.js';
import { seedDemoUsage } from './demo-usage.js';
import { keptCurrentValuation } from './kept-valuation.js';
import { scheduleUsageMetering } from './metering.js';
import { usageRoutes } from './routes.js';
import { monthToDateSpend } from './usage-service.js';

/** What usage gives: the figures of the valuation others show or watch. */
export interface UsageGift {
  /** A tenant's month-to-date spend (the valuation's figure, as a decimal string): the budget alarms'. */
  spendOf(clientId: string, now: Date): Promise<string>;
  /** The current month's valuation of the caller's tenant, kept as the usage answers are: the dashboard's. */
  valuationOf(auth: AuthContext, now: Date): Promise<Valuation>;
}

declare module '../../platform/modules/portal-module.js' {
  interface ModuleGifts {
    usage: UsageGift;
  }
}

/** The hourly meter, the usage report and the valuation. */
export const usageModule = defineModule({
  name: 'usage',
  // The meter reads what these hold: the VMs and disks, the networks, the buckets, the samples.
  needs: ['compute', 'network', 'storage', 'metrics'],
  async register({ app, db, clock, jobs, log, answers }) {
    await app.register(usageRoutes, { db, clock, answers });
    await scheduleUsageMetering(jobs, { db, clock, log });
    return {
      spendOf: (clientId, now) => monthToDateSpend(db, clientId, now),
      valuationOf: keptCurrentValuation(answers),
    };
  },
  // Last of the estate: the real meter over every hour since the start of last month.
  demo: { seed: ({ db }) => seedDemoUsage(db) },
});
