// The tenants `npm run load` signs in to: seeded once on the load database by the app's own
// seeding code (apps/api/src/cli/seed-load.ts, which answers the roster), then given what only
// their users make (alarms, an annual order) through the API, as a customer would.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { ROOT } from '../lib.mjs';
import { virtualUser } from './session.mjs';

/** Seed the tenants missing of `tenants` (each of `users` users) and answer the roster. */
export function seedTenants({ tenants, users, env }) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/api/src/cli/seed-load.ts',
        '--tenants',
        String(tenants),
        '--users',
        String(users),
      ],
      { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const out = [];
    child.stdout.on('data', (c) => out.push(c));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`seed-load.ts exited with ${code}`));
      try {
        resolve(JSON.parse(Buffer.concat(out).toString('utf8')));
      } catch (error) {
        reject(error);
      }
    });
  });
}

/**
 * Each tenant without alarms gets two (a CPU alarm on the root user's VM, a budget alarm), and
 * each without orders an annual contract for that VM, made by its root user through the API.
 */
export async function furnishTenants(ctx, roster) {
  const bare = roster.filter((tenant) => tenant.alarms === 0 || tenant.orders === 0);
  // Ten at a time: each waits a moment for its root user's two-factor code.
  for (let i = 0; i < bare.length; i += 10)
    await Promise.all(bare.slice(i, i + 10).map((t) => furnish(ctx, t)));
  return bare.length;
}

/** One tenant's alarms and order, by its root user. */
async function furnish(ctx, tenant) {
  const root = tenant.users.find((u) => 'account' in u.login);
  const user = virtualUser(ctx, root);
  await user.signIn();
  const emails = [root.login.account];
  if (tenant.alarms === 0) {
    await user.call('POST /api/alarms', {
      body: {
        kind: 'metric',
        alarmName: 'cpu-high',
        vmUuid: root.vmUuid,
        item: 'cpu',
        operator: '>=',
        criticalNumber: 90,
        continuance: 5,
        coolDownTime: 30,
        emails,
      },
    });
    await user.call('POST /api/alarms', {
      body: {
        kind: 'budget',
        alarmName: 'monthly-budget',
        budgetAmount: '200000',
        thresholdPct: 80,
        emails,
      },
    });
  }
  if (tenant.orders === 0) {
    await user.call('POST /api/orders', {
      headers: { 'idempotency-key': randomUUID() },
      body: { vmId: root.vmUuid, months: 12, autoRenew: true, currentPassword: ctx.password },
    });
  }
  await user.call('POST /api/users/logout');
}
