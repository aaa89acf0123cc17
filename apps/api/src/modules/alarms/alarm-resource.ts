import { and, eq, gt } from 'drizzle-orm';
import {
  ALARM_INSUFFICIENT_AFTER_MINUTES,
  AlarmFiringKind,
  AlarmKind,
  AlarmStatus,
  alarmProblems,
  type AlarmCreateBody,
  type AlarmMetric,
  type AlarmUpdate,
  type Language,
  alarmContract,
} from '@portal/shared';
import { alarmFirings, alarms, clients, vmMetricSamples, vms, type AlarmRow } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import { AppError, fieldsRefused } from '../../platform/errors.js';
import { isUuid } from '../../platform/ids.js';
import type { Jobs } from '../../platform/jobs/index.js';
import type { MailQueue } from '../../platform/mail/mail-queue.js';
import type { ResourceContext } from '../../platform/resources/context.js';
import { defineResource } from '../../platform/resources/declaration.js';
import { manualAlarmMail } from './alarm-mails.js';
import { alarmRows, listAlarms } from './alarm-repository.js';

/** A budget alarm created or changed is evaluated at once (after commit), not at the next hour. */
export const ALARM_BUDGET_CHECK_QUEUE = 'alarm.budget-check';

/** Another tenant's VM, or no VM at all: 404, and the form hears it on its VM field. */
const vmNotFound = () =>
  new AppError(404, 'VM_NOT_FOUND', {}, [{ path: 'vmUuid', message: 'apiError.VM_NOT_FOUND' }]);

async function ownVm(ctx: ResourceContext, vmUuid: string | null | undefined) {
  if (!vmUuid || !isUuid(vmUuid)) throw vmNotFound();
  const [vm] = await ctx.db
    .select({ id: vms.id, name: vms.name })
    .from(vms)
    .where(ctx.own(vms, eq(vms.id, vmUuid.toLowerCase())));
  if (!vm) throw vmNotFound();
  return vm;
}

/** Normal when the VM has a recent sample (it is being watched), else insufficient data. */
async function startingStatus(ctx: ResourceContext, vmId: string, now: Date): Promise<AlarmStatus> {
  const since = new Date(now.getTime() - ALARM_INSUFFICIENT_AFTER_MINUTES * 60_000);
  const [recent] = await ctx.db
    .select({ at: vmMetricSamples.at })
    .from(vmMetricSamples)
    .where(and(eq(vmMetricSamples.vmId, vmId), gt(vmMetricSamples.at, since)))
    .limit(1);
  return recent ? AlarmStatus.NORMAL : AlarmStatus.INSUFFICIENT_DATA;
}

/** The row's fields as the rules read a body. */
const factsOf = (row: AlarmRow) => ({
  alarmName: row.name,
  kind: row.kind,
  item: row.metric,
  vmUuid: row.vmId,
  operator: row.operator,
  criticalNumber: row.critical,
  continuance: row.continuance,
  coolDownTime: row.coolDownMinutes,
  budgetAmount: row.budgetAmount,
  thresholdPct: row.thresholdPct,
  emails: row.emails,
});

const trimmedEmails = (emails: readonly string[]) => emails.map((e) => e.trim());

export interface AlarmResourceDeps {
  clock: Clock;
  jobs: Jobs;
  mail: MailQueue;
  publicUrl: string;
}

/** Alarms (routes alarm, alarmCreate, alarmEdit/{id}; log code 10022; docs/alarms-api.md). */
export function alarmResource({ clock, jobs, mail, publicUrl }: AlarmResourceDeps) {
  const checkBudget = (ctx: ResourceContext, alarmId: string) =>
    jobs.send(ALARM_BUDGET_CHECK_QUEUE, { alarmId }, { tx: ctx.db });

  async function createAlarm(ctx: ResourceContext, body: AlarmCreateBody) {
    const now = clock.now();
    const common = {
      clientId: ctx.clientId,
      name: body.alarmName.trim(),
      emails: trimmedEmails(body.emails),
      lang: ctx.lang,
      createdAt: now,
      updatedAt: now,
    };
    if (body.kind === AlarmKind.BUDGET) {
      const [row] = await ctx.db
        .insert(alarms)
        .values({
          ...common,
          kind: 'budget',
          budgetAmount: body.budgetAmount!,
          thresholdPct: body.thresholdPct!,
          // Until its first evaluation, moments after the commit.
          status: AlarmStatus.INSUFFICIENT_DATA,
        })
        .returning({ id: alarms.id });
      await checkBudget(ctx, row!.id);
      return alarmRows.one(ctx, row!.id);
    }
    const vm = await ownVm(ctx, body.vmUuid);
    const [row] = await ctx.db
      .insert(alarms)
      .values({
        ...common,
        kind: 'metric',
        vmId: vm.id,
        metric: body.item!,
        operator: body.operator!,
        critical: body.criticalNumber!,
        continuance: body.continuance!,
        coolDownMinutes: body.coolDownTime!,
        status: await startingStatus(ctx, vm.id, now),
      })
      .returning({ id: alarms.id });
    return alarmRows.one(ctx, row!.id);
  }

  /**
   * A change, checked as the alarm it makes (alarmProblems). A new condition starts its count of
   * breaching samples again; a new VM starts as a new alarm would; a new budget or threshold may
   * mail again this month. The mails go in the language of whoever changed it last.
   */
  async function updateAlarm(ctx: ResourceContext, id: string, body: AlarmUpdate) {
    const row = await alarmRows.forUpdate(ctx, id);
    const pick = <K extends keyof AlarmUpdate>(key: K, current: unknown) =>
      body[key] === undefined ? current : body[key];
    const merged = {
      ...factsOf(row),
      alarmName: pick('alarmName', row.name),
      item: pick('item', row.metric) as AlarmMetric | null,
      vmUuid: pick('vmUuid', row.vmId) as string | null,
      operator: pick('operator', row.operator) as string | null,
      criticalNumber: pick('criticalNumber', row.critical),
      continuance: pick('continuance', row.continuance),
      coolDownTime: pick('coolDownTime', row.coolDownMinutes),
      budgetAmount: pick('budgetAmount', row.budgetAmount),
      thresholdPct: pick('thresholdPct', row.thresholdPct),
      emails: pick('emails', row.emails) as string[],
    };
    const problems = alarmProblems(merged);
    if (Object.keys(problems).length > 0) throw fieldsRefused('FORMAT_ERROR', problems);
    const now = clock.now();
    const common = {
      name: String(merged.alarmName).trim(),
      emails: trimmedEmails(merged.emails),
      lang: ctx.lang as Language,
      updatedAt: now,
    };
    if (row.kind === 'budget') {
      const budgetAmount = String(merged.budgetAmount).trim();
      const thresholdPct = Number(merged.thresholdPct);
      // Compared as numbers: "10000" is the kept "10000.0000".
      const moved = Number(budgetAmount) !== Number(row.budgetAmount) || thresholdPct !== row.thresholdPct;
      await ctx.db
        .update(alarms)
        .set({ ...common, budgetAmount, thresholdPct, ...(moved ? { budgetMailedMonth: null } : {}) })
        .where(ctx.own(alarms, eq(alarms.id, id)));
      if (moved) await checkBudget(ctx, id);
      return alarmRows.one(ctx, id);
    }
    const vmId = merged.vmUuid === row.vmId ? row.vmId! : (await ownVm(ctx, merged.vmUuid)).id;
    const condition = {
      vmId,
      metric: merged.item!,
      operator: merged.operator as AlarmRow['operator'] & string,
      critical: Number(merged.criticalNumber),
      continuance: Number(merged.continuance),
    };
    const moved =
      condition.vmId !== row.vmId ||
      condition.metric !== row.metric ||
      condition.operator !== row.operator ||
      condition.critical !== row.critical ||
      condition.continuance !== row.continuance;
    await ctx.db
      .update(alarms)
      .set({
        ...common,
        ...condition,
        coolDownMinutes: Number(merged.coolDownTime),
        ...(moved ? { streak: 0 } : {}),
        ...(vmId !== row.vmId ? { status: await startingStatus(ctx, vmId, now) } : {}),
      })
      .where(ctx.own(alarms, eq(alarms.id, id)));
    return alarmRows.one(ctx, id);
  }

  async function deleteAlarm(ctx: ResourceContext, id: string) {
    const alarm = await alarmRows.one(ctx, id);
    await ctx.db.delete(alarms).where(ctx.own(alarms, eq(alarms.id, id)));
    return alarm;
  }

  /**
   * The manual trigger (spec section 4): alarming at once, a history entry, and a mail to every
   * notification address, whatever the data and the cool-down say. The mails go with the
   * request's transaction: only if the trigger is committed.
   */
  async function triggerAlarm(ctx: ResourceContext, id: string) {
    const row = await alarmRows.forUpdate(ctx, id);
    const now = clock.now();
    await ctx.db
      .update(alarms)
      .set({ status: AlarmStatus.ALARMING, lastAlarmAt: now, lastMailedAt: now })
      .where(ctx.own(alarms, eq(alarms.id, id)));
    await ctx.db.insert(alarmFirings).values({
      alarmId: id,
      clientId: ctx.clientId,
      at: now,
      kind: AlarmFiringKind.MANUAL,
      status: AlarmStatus.ALARMING,
      value: null,
      mailed: row.emails.length,
    });
    const [client] = await ctx.db
      .select({ timeZone: clients.timeZone })
      .from(clients)
      .where(eq(clients.id, ctx.clientId));
    const vm = row.vmId
      ? (
          await ctx.db
            .select({ name: vms.name })
            .from(vms)
            .where(ctx.own(vms, eq(vms.id, row.vmId)))
        )[0]
      : undefined;
    const lang = row.lang as Language;
    const content = manualAlarmMail(
      lang,
      { ...row, metric: row.metric as AlarmMetric | null, vmName: vm?.name ?? null },
      {
        at: now,
        timeZone: client?.timeZone ?? 'Asia/Taipei',
        by: ctx.auth.user.account,
        link: `${publicUrl}/#/alarm/edit/${id}`,
      },
    );
    for (const to of row.emails) await mail.send({ to, lang, ...content }, { tx: ctx.db });
    return alarmRows.one(ctx, id);
  }

  return defineResource(alarmContract, {
    rows: alarmRows,
    list: listAlarms,
    create: {
      summary:
        'Create an alarm: a VM metric with operator, critical number, continuance, cool-down, or a monthly budget with a threshold; 1-10 emails',
      handler: createAlarm,
    },
    update: {
      summary: 'Change an alarm (any field but its kind); checked as the alarm it makes',
      handler: updateAlarm,
    },
    remove: { summary: 'Delete an alarm and its history', handler: deleteAlarm },
    actions: {
      trigger: {
        summary: 'Set the alarm off by hand: alarming at once, recorded, its emails mailed (no cool-down)',
        handler: triggerAlarm,
      },
    },
  });
}
