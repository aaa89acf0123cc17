import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Alarm, AlarmFiring, AlarmHistoryQuery, AlarmListQuery, AlarmSort } from '@portal/shared';
import { alarmFirings, alarms, vms } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { resourceRepository } from '../../platform/resources/repository.js';
import type { ResourceContext } from '../../platform/resources/context.js';
import {
  asText,
  idIs,
  isoText,
  pageOf,
  readRows,
  searchOf,
  sentAs,
} from '../../platform/resources/list-query.js';

const SORTS = {
  alarmName: alarms.name,
  status: alarms.status,
  lastAlarmTime: alarms.lastAlarmAt,
  createDate: alarms.createdAt,
} satisfies Record<AlarmSort, unknown>;

/** An alarm as it is sent, its VM's name read in the same query (a join on the VM's key). */
const columns = sentAs({
  uuid: asText(alarms.id),
  alarmName: alarms.name,
  kind: alarms.kind,
  item: alarms.metric,
  vmUuid: asText(alarms.vmId),
  vmName: vms.name,
  operator: alarms.operator,
  criticalNumber: alarms.critical,
  continuance: alarms.continuance,
  coolDownTime: alarms.coolDownMinutes,
  // Four places, as every amount of the API (numeric keeps them; text says it exactly).
  budgetAmount: sql`${alarms.budgetAmount}::text`,
  thresholdPct: alarms.thresholdPct,
  emails: alarms.emails,
  status: alarms.status,
  lastAlarmTime: isoText(alarms.lastAlarmAt),
  createDate: isoText(alarms.createdAt),
  updateDate: isoText(alarms.updatedAt),
});

const selectAlarms = (ctx: ResourceContext) =>
  ctx.db.select(columns).from(alarms).leftJoin(vms, eq(vms.id, alarms.vmId));

export const alarmRows = resourceRepository<Alarm, typeof alarms>({
  table: alarms,
  select: selectAlarms,
  sorts: SORTS,
});

export async function listAlarms(ctx: ResourceContext, query: AlarmListQuery) {
  const filters: (SQL | undefined)[] = [
    query.status === undefined ? undefined : eq(alarms.status, query.status),
    query.kind === undefined ? undefined : eq(alarms.kind, query.kind),
    query.item === undefined ? undefined : eq(alarms.metric, query.item),
    query.vmUuid === undefined ? undefined : idIs(alarms.vmId, query.vmUuid),
    searchOf(query.search, [alarms.name, asText(alarms.id)]),
  ];
  return alarmRows.page(ctx, query, filters);
}

const firingColumns = sentAs({
  id: asText(alarmFirings.id),
  at: isoText(alarmFirings.at),
  kind: alarmFirings.kind,
  status: alarmFirings.status,
  value: sql`${alarmFirings.value}::text`,
  mailed: alarmFirings.mailed,
});

/** An alarm's history, newest first (index alarm_firings_alarm_at_idx); 404 for another's alarm. */
export async function alarmHistory(ctx: ResourceContext, id: string, query: AlarmHistoryQuery) {
  const [alarm] = await ctx.db
    .select({ id: alarms.id })
    .from(alarms)
    .where(ctx.own(alarms, eq(alarms.id, id)));
  if (!alarm) throw notFound();
  const where = and(eq(alarmFirings.alarmId, id), eq(alarmFirings.clientId, ctx.clientId));
  const page = pageOf(query);
  const select = ctx.db
    .select(firingColumns)
    .from(alarmFirings)
    .where(where)
    .orderBy(desc(alarmFirings.at), desc(alarmFirings.id));
  const [records, [counted]] = await Promise.all([
    readRows<AlarmFiring>(
      ctx,
      page.limit === undefined ? select : select.limit(page.limit).offset(page.offset),
    ),
    ctx.db.select({ n: count() }).from(alarmFirings).where(where),
  ]);
  return { records, total: counted?.n ?? 0, page: query.page, limit: query.limit };
}
