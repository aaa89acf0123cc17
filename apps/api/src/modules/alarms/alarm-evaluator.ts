import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  ALARM_INSUFFICIENT_AFTER_MINUTES,
  AlarmFiringKind,
  AlarmStatus,
  alarmBreached,
  alarmMetricValue,
  budgetSpendPct,
  budgetThresholdReached,
  type AlarmMetric,
  type AlarmOperator,
  type Language,
} from '@portal/shared';
import { rowsOf, type Db } from '../../db/database.js';
import { alarmFirings, alarms, clients, vmMetricSamples, vms } from '../../db/schema/index.js';
import type { Jobs } from '../../platform/jobs/index.js';
import type { MailQueue } from '../../platform/mail/mail-queue.js';
import type { Mail } from '../../platform/mail/mailer.js';
import type { MailContent } from '../../platform/mail/templates.js';
import { budgetAlarmMail, metricAlarmMail, type AlarmMailFacts } from './alarm-mails.js';

const MINUTE = 60_000;

/**
 * The month-to-date spend of a tenant at `now`, decimal text in TWD ("1234.5600"): the valuation's
 * figure, injected (the valuation module computes it; app.ts wires it in).
 */
export type SpendOf = (clientId: string, now: Date) => Promise<string>;

/** A metric alarm's state as the evaluator keeps it. */
export interface MetricAlarmState {
  status: AlarmStatus;
  streak: number;
  lastAlarmAt: Date | null;
  lastMailedAt: Date | null;
}

export interface MetricRule {
  operator: AlarmOperator;
  critical: number;
  continuance: number;
  coolDownMinutes: number;
}

export interface MetricStep extends MetricAlarmState {
  /** The history entry the sample makes, if any. */
  firing: AlarmFiringKind | null;
  /** Whether it mails its people now. */
  mail: boolean;
}

/**
 * What one new sample does to a metric alarm (spec section 4, issue 13):
 * - a breaching sample adds to the streak (kept at most `continuance`); at `continuance` in a row
 *   the alarm is alarming (1) and records a breach;
 * - a sample that does not breach ends the streak: back to normal (0), "recovered" if it was alarming;
 * - a sample after insufficient data (2) that does not complete a streak is normal;
 * - it mails when it becomes alarming, and again while it stays alarming, but never within
 *   `coolDownMinutes` of its last mail (a breach inside the cool-down is recorded, unmailed).
 * A manual trigger's alarming state lasts until a sample that does not breach.
 */
export function metricStep(state: MetricAlarmState, rule: MetricRule, value: number, at: Date): MetricStep {
  const breach = Number.isFinite(value) && alarmBreached(rule.operator, value, rule.critical);
  if (!breach) {
    return {
      status: AlarmStatus.NORMAL,
      streak: 0,
      lastAlarmAt: state.lastAlarmAt,
      lastMailedAt: state.lastMailedAt,
      firing: state.status === AlarmStatus.ALARMING ? AlarmFiringKind.RECOVERED : null,
      mail: false,
    };
  }
  const streak = Math.min(state.streak + 1, rule.continuance);
  if (streak < rule.continuance) {
    return {
      status: state.status === AlarmStatus.ALARMING ? AlarmStatus.ALARMING : AlarmStatus.NORMAL,
      streak,
      lastAlarmAt: state.lastAlarmAt,
      lastMailedAt: state.lastMailedAt,
      firing: null,
      mail: false,
    };
  }
  const cooled =
    state.lastMailedAt === null ||
    at.getTime() - state.lastMailedAt.getTime() >= rule.coolDownMinutes * MINUTE;
  const becomes = state.status !== AlarmStatus.ALARMING || state.streak < rule.continuance;
  // Newly alarming: a breach, mailed unless within the cool-down. Still alarming: mailed (and
  // recorded) again once the cool-down has passed.
  if (becomes || cooled) {
    return {
      status: AlarmStatus.ALARMING,
      streak,
      lastAlarmAt: at,
      lastMailedAt: cooled ? at : state.lastMailedAt,
      firing: AlarmFiringKind.BREACH,
      mail: cooled,
    };
  }
  return { ...state, status: AlarmStatus.ALARMING, streak, firing: null, mail: false };
}

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

interface Change {
  id: string;
  clientId: string;
  status: number;
  streak: number;
  lastAlarmAt: Date | null;
  lastMailedAt: Date | null;
  budgetMailedMonth?: string | null;
  /** The sample minute that moved it (metric alarms): the same minute never moves it twice. */
  evaluatedAt?: Date;
  /**
   * The row as it was read: written only if it is still so (a manual trigger or an edit since
   * wins, and the next minute evaluates it again). Without it the row was read locked.
   */
  seen?: { status: number; streak: number; lastMailedAt: Date | null; updatedAt: Date };
}

interface Firing {
  alarmId: string;
  clientId: string;
  at: Date;
  kind: AlarmFiringKind;
  status: number;
  value: string | null;
  mailed: number;
}

interface Outgoing {
  to: string[];
  lang: Language;
  content: MailContent;
}

/**
 * The changed rows in one statement (`UPDATE ... FROM (VALUES ...)`), not one per alarm; the ids
 * of those written (a row changed since it was read is left as it is).
 */
async function writeChanges(tx: Db, changes: Change[]): Promise<Set<string>> {
  if (changes.length === 0) return new Set();
  const ts = (d: Date | null | undefined) => (d ? d.toISOString() : null);
  const rows = changes.map(
    (c) =>
      sql`(${c.id}::uuid, ${c.status}::smallint, ${c.streak}::int, ${ts(c.lastAlarmAt)}::timestamptz,
        ${ts(c.lastMailedAt)}::timestamptz, ${c.budgetMailedMonth !== undefined}::boolean,
        ${c.budgetMailedMonth ?? null}::text, ${ts(c.evaluatedAt)}::timestamptz, ${c.seen !== undefined}::boolean,
        ${c.seen?.status ?? null}::smallint, ${c.seen?.streak ?? null}::int,
        ${ts(c.seen?.lastMailedAt)}::timestamptz, ${ts(c.seen?.updatedAt)}::timestamptz)`,
  );
  const written = await tx.execute(sql`update ${alarms} as a set
      status = v.status, streak = v.streak, last_alarm_at = v.last_alarm_at, last_mailed_at = v.last_mailed_at,
      budget_mailed_month = case when v.set_month then v.month else a.budget_mailed_month end,
      evaluated_at = coalesce(v.evaluated_at, a.evaluated_at)
    from (values ${sql.join(rows, sql`, `)})
      as v(id, status, streak, last_alarm_at, last_mailed_at, set_month, month, evaluated_at,
        guarded, seen_status, seen_streak, seen_last_mailed_at, seen_updated_at)
    where a.id = v.id and (not v.guarded or (a.status = v.seen_status and a.streak = v.seen_streak
      and date_trunc('milliseconds', a.last_mailed_at) is not distinct from v.seen_last_mailed_at
      and date_trunc('milliseconds', a.updated_at) = v.seen_updated_at))
    returning a.id`);
  return new Set(rowsOf<{ id: string }>(written).map((r) => r.id));
}

async function writeFirings(tx: Db, firings: Firing[]) {
  if (firings.length > 0) await tx.insert(alarmFirings).values(firings);
}

/** The evaluator's mails go out through this queue, in jobs of at most MAILS_PER_JOB. */
export const ALARM_MAILS_QUEUE = 'alarm.mails';
const MAILS_PER_JOB = 100;

/**
 * The mails of an evaluation, queued in its transaction as a few jobs (one insert per hundred
 * mails, not one per mail: 2,000 alarms going off at once cost 5 s of mail jobs, during which the
 * alarm rows stayed locked). `deliverAlarmMails` hands each job's mails to the mail queue.
 */
async function sendAll(tx: Db, jobs: Jobs, outgoing: Outgoing[]) {
  const mails: Mail[] = outgoing.flatMap(({ to, lang, content }) =>
    to.map((address) => ({ to: address, lang, ...content })),
  );
  for (let i = 0; i < mails.length; i += MAILS_PER_JOB) {
    await jobs.send(ALARM_MAILS_QUEUE, { mails: mails.slice(i, i + MAILS_PER_JOB) }, { tx });
  }
}

/** A job of alarm mails into the mail queue, all or none (a retried job sends no mail twice). */
export async function deliverAlarmMails(db: Db, mail: MailQueue, mails: Mail[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const m of mails) await mail.send(m, { tx });
  });
}

/** "2026-03" in the tenant's time zone: the month a budget counts. */
export function monthOf(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(now);
  return `${parts.find((p) => p.type === 'year')?.value}-${parts.find((p) => p.type === 'month')?.value}`;
}

/** A metric value kept in the history: four places, as the column holds. */
/** What every evaluation reads of an alarm: whose it is and its state (status, streak, last alarm and mail). */
const stateColumns = {
  id: alarms.id,
  clientId: alarms.clientId,
  status: alarms.status,
  streak: alarms.streak,
  lastAlarmAt: alarms.lastAlarmAt,
  lastMailedAt: alarms.lastMailedAt,
};

/** What an alarm's mail is made from: its name, addresses and language, the customer's time zone (needs the join on clients). */
const mailColumns = {
  name: alarms.name,
  emails: alarms.emails,
  lang: alarms.lang,
  timeZone: clients.timeZone,
};

const valueText = (value: number) => (Number.isFinite(value) ? value.toFixed(4) : null);

export interface AlarmEvaluatorDeps {
  db: Db;
  /** The mails go as jobs of ALARM_MAILS_QUEUE (see deliverAlarmMails). */
  jobs: Jobs;
  log: FastifyBaseLogger;
  /** The console's address, for the link in the mails. */
  publicUrl: string;
  /** The month-to-date spend; without it budget alarms are not evaluated (they keep their status). */
  spendOf?: SpendOf;
}

export interface EvaluationResult {
  /** Alarms looked at. */
  evaluated: number;
  /** Alarm rows written (a status, streak or time that moved). */
  changed: number;
  /** History entries recorded. */
  fired: number;
  /** Mails queued. */
  mailed: number;
}

/**
 * Evaluates alarms: the metric ones on each new minute of samples (`evaluateAlarms`, called by
 * the metrics sampler once the minute is written), the budget ones hourly (`evaluateBudgetAlarms`).
 */
export function createAlarmEvaluator(deps: AlarmEvaluatorDeps) {
  const { db, jobs, log, publicUrl } = deps;
  const link = (id: string) => `${publicUrl}/#/alarm/edit/${id}`;

  /**
   * Evaluate the metric alarms for the sample minute `at` (the `at` the samples were written
   * with), in one transaction: one query reads every metric alarm of the VMs sampled at `at` with
   * its sample, one finds the alarms whose VM has had no sample for ALARM_INSUFFICIENT_AFTER_MINUTES
   * minutes. Only the rows that move are written, in one statement, each only if no manual trigger
   * or edit changed it since it was read (nothing is locked while 10,000 alarms are read); then
   * the history of the rows written in one insert, and their mails as a few jobs. An alarm the
   * minute already moved is not evaluated again for it (a sampler's retry counts no breach twice).
   */
  async function evaluateAlarms(at: Date): Promise<EvaluationResult> {
    const since = new Date(at.getTime() - ALARM_INSUFFICIENT_AFTER_MINUTES * MINUTE);
    const notYet = sql`(${alarms.evaluatedAt} is null or ${alarms.evaluatedAt} < ${at.toISOString()}::timestamptz)`;
    return db.transaction(async (tx) => {
      const sampled = await tx
        .select({
          ...stateColumns,
          ...mailColumns,
          metric: alarms.metric,
          operator: alarms.operator,
          critical: alarms.critical,
          continuance: alarms.continuance,
          coolDownMinutes: alarms.coolDownMinutes,
          updatedAt: alarms.updatedAt,
          vmName: vms.name,
          cpuPct: vmMetricSamples.cpuPct,
          memPct: vmMetricSamples.memPct,
          diskReadBps: vmMetricSamples.diskReadBps,
          diskWriteBps: vmMetricSamples.diskWriteBps,
          netInBps: vmMetricSamples.netInBps,
          netOutBps: vmMetricSamples.netOutBps,
        })
        .from(vmMetricSamples)
        .innerJoin(alarms, and(eq(alarms.vmId, vmMetricSamples.vmId), eq(alarms.kind, 'metric')))
        .innerJoin(vms, eq(vms.id, alarms.vmId))
        .innerJoin(clients, eq(clients.id, alarms.clientId))
        .where(and(eq(vmMetricSamples.at, at), notYet));
      const silent = await tx
        .select({ ...stateColumns, updatedAt: alarms.updatedAt })
        .from(alarms)
        .where(
          and(
            eq(alarms.kind, 'metric'),
            ne(alarms.status, AlarmStatus.INSUFFICIENT_DATA),
            notYet,
            sql`not exists (select 1 from ${vmMetricSamples} s
              where s.vm_id = ${alarms.vmId} and s.at > ${since.toISOString()}::timestamptz
                and s.at <= ${at.toISOString()}::timestamptz)`,
          ),
        );

      const changes: Change[] = [];
      const firings: Firing[] = [];
      const outgoing: (Outgoing & { alarmId: string })[] = [];
      for (const row of sampled) {
        const metric = row.metric as AlarmMetric;
        const value = alarmMetricValue(metric, row);
        const state: MetricAlarmState = {
          status: row.status as AlarmStatus,
          streak: row.streak,
          lastAlarmAt: row.lastAlarmAt,
          lastMailedAt: row.lastMailedAt,
        };
        const rule = {
          operator: row.operator as AlarmOperator,
          critical: row.critical!,
          continuance: row.continuance!,
          coolDownMinutes: row.coolDownMinutes!,
        };
        const next = metricStep(state, rule, value, at);
        if (
          next.status === state.status &&
          next.streak === state.streak &&
          sameTime(next.lastAlarmAt, state.lastAlarmAt) &&
          sameTime(next.lastMailedAt, state.lastMailedAt)
        ) {
          continue;
        }
        changes.push({
          id: row.id,
          clientId: row.clientId,
          status: next.status,
          streak: next.streak,
          lastAlarmAt: next.lastAlarmAt,
          lastMailedAt: next.lastMailedAt,
          evaluatedAt: at,
          seen: row,
        });
        if (next.firing) {
          firings.push({
            alarmId: row.id,
            clientId: row.clientId,
            at,
            kind: next.firing,
            status: next.status,
            value: valueText(value),
            mailed: next.mail ? row.emails.length : 0,
          });
        }
        if (next.mail) {
          const facts: AlarmMailFacts = {
            ...rule,
            id: row.id,
            name: row.name,
            kind: 'metric',
            metric,
            vmName: row.vmName,
            budgetAmount: null,
            thresholdPct: null,
          };
          const lang = row.lang as Language;
          outgoing.push({
            alarmId: row.id,
            to: row.emails,
            lang,
            content: metricAlarmMail(lang, facts, { value, at, timeZone: row.timeZone, link: link(row.id) }),
          });
        }
      }
      for (const row of silent) {
        changes.push({
          ...row,
          status: AlarmStatus.INSUFFICIENT_DATA,
          streak: 0,
          evaluatedAt: at,
          seen: row,
        });
        firings.push({
          alarmId: row.id,
          clientId: row.clientId,
          at,
          kind: AlarmFiringKind.INSUFFICIENT,
          status: AlarmStatus.INSUFFICIENT_DATA,
          value: null,
          mailed: 0,
        });
      }
      const written = await writeChanges(tx, changes);
      const firingsWritten = firings.filter((f) => written.has(f.alarmId));
      const mailsWritten = outgoing.filter((o) => written.has(o.alarmId));
      await writeFirings(tx, firingsWritten);
      await sendAll(tx, jobs, mailsWritten);
      return {
        evaluated: sampled.length + silent.length,
        changed: written.size,
        fired: firingsWritten.length,
        mailed: mailsWritten.reduce((n, o) => n + o.to.length, 0),
      };
    });
  }

  /**
   * Evaluate the budget alarms (all, or those of `alarmIds`) at `now`: each tenant's month-to-date
   * spend is asked once (outside the transaction: the valuation reads the database itself), then
   * the alarms are locked and moved in one transaction. A threshold reached mails once per month
   * (the tenant's month); a new month, or a changed budget or threshold, may mail again. A tenant
   * whose spend cannot be had is insufficient data (2) until it can.
   */
  async function evaluateBudgetAlarms(now: Date, alarmIds?: string[]): Promise<EvaluationResult> {
    const none = { evaluated: 0, changed: 0, fired: 0, mailed: 0 };
    if (!deps.spendOf || alarmIds?.length === 0) return none;
    const only = (extra?: SQL) =>
      and(eq(alarms.kind, 'budget'), alarmIds ? inArray(alarms.id, alarmIds) : undefined, extra);
    const tenants = await db.selectDistinct({ clientId: alarms.clientId }).from(alarms).where(only());
    const spends = new Map<string, string | null>();
    for (const { clientId } of tenants) {
      try {
        const spend = await deps.spendOf(clientId, now);
        if (!/^-?\d{1,20}(\.\d+)?$/.test(spend)) throw new Error(`not a decimal amount: ${spend}`);
        spends.set(clientId, spend);
      } catch (error) {
        log.error({ err: error, clientId }, 'budget alarms: the month-to-date spend failed');
        spends.set(clientId, null);
      }
    }
    if (spends.size === 0) return none;
    return db.transaction(async (tx) => {
      const rows = await tx
        .select({
          ...stateColumns,
          ...mailColumns,
          budgetAmount: alarms.budgetAmount,
          thresholdPct: alarms.thresholdPct,
          budgetMailedMonth: alarms.budgetMailedMonth,
        })
        .from(alarms)
        .innerJoin(clients, eq(clients.id, alarms.clientId))
        .where(only(inArray(alarms.clientId, [...spends.keys()])))
        .for('update', { of: alarms });
      const changes: Change[] = [];
      const firings: Firing[] = [];
      const outgoing: Outgoing[] = [];
      for (const row of rows) {
        const spend = spends.get(row.clientId) ?? null;
        const base = { id: row.id, clientId: row.clientId, streak: 0, lastAlarmAt: row.lastAlarmAt };
        const fire = (kind: AlarmFiringKind, status: number, mailed = 0) =>
          firings.push({
            alarmId: row.id,
            clientId: row.clientId,
            at: now,
            kind,
            status,
            value: spend,
            mailed,
          });
        if (spend === null) {
          if (row.status !== AlarmStatus.INSUFFICIENT_DATA) {
            changes.push({ ...base, status: AlarmStatus.INSUFFICIENT_DATA, lastMailedAt: row.lastMailedAt });
            fire(AlarmFiringKind.INSUFFICIENT, AlarmStatus.INSUFFICIENT_DATA);
          }
          continue;
        }
        const amount = row.budgetAmount!;
        const pct = row.thresholdPct!;
        if (!budgetThresholdReached(spend, amount, pct)) {
          if (row.status !== AlarmStatus.NORMAL) {
            changes.push({ ...base, status: AlarmStatus.NORMAL, lastMailedAt: row.lastMailedAt });
            if (row.status === AlarmStatus.ALARMING) fire(AlarmFiringKind.RECOVERED, AlarmStatus.NORMAL);
          }
          continue;
        }
        const month = monthOf(now, row.timeZone);
        if (row.budgetMailedMonth === month) {
          // Mailed for this threshold this month: alarming again (after a credit, say), unmailed.
          if (row.status !== AlarmStatus.ALARMING) {
            changes.push({
              ...base,
              status: AlarmStatus.ALARMING,
              lastAlarmAt: now,
              lastMailedAt: row.lastMailedAt,
            });
            fire(AlarmFiringKind.BREACH, AlarmStatus.ALARMING);
          }
          continue;
        }
        changes.push({
          ...base,
          status: AlarmStatus.ALARMING,
          lastAlarmAt: now,
          lastMailedAt: now,
          budgetMailedMonth: month,
        });
        fire(AlarmFiringKind.BREACH, AlarmStatus.ALARMING, row.emails.length);
        const facts: AlarmMailFacts = {
          id: row.id,
          name: row.name,
          kind: 'budget',
          metric: null,
          vmName: null,
          operator: null,
          critical: null,
          continuance: null,
          budgetAmount: amount,
          thresholdPct: pct,
        };
        const lang = row.lang as Language;
        outgoing.push({
          to: row.emails,
          lang,
          content: budgetAlarmMail(lang, facts, {
            spend,
            pct: budgetSpendPct(spend, amount),
            month,
            link: link(row.id),
          }),
        });
      }
      await writeChanges(tx, changes);
      await writeFirings(tx, firings);
      await sendAll(tx, jobs, outgoing);
      return {
        evaluated: rows.length,
        changed: changes.length,
        fired: firings.length,
        mailed: outgoing.reduce((n, o) => n + o.to.length, 0),
      };
    });
  }

  return { evaluateAlarms, evaluateBudgetAlarms };
}

export type AlarmEvaluator = ReturnType<typeof createAlarmEvaluator>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Evaluates alarms: `evaluateAlarms(at)` after each minute of metric samples, budgets hourly. */
    alarmEvaluator: AlarmEvaluator;
  }
}
