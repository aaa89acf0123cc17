import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  usageDailySchema,
  usageMonthQuerySchema,
  usageReportQuerySchema,
  usageReportSchema,
  valuationSchema,
} from '@portal/shared';
import type { Db } from '../../db/database.js';
import { signedIn } from '../../platform/authority-guard.js';
import type { Clock } from '../../platform/clock.js';
import { replies } from '../../platform/responses.js';
import type { ListCache } from '../../platform/resources/list-cache.js';
import { sendKept, sendKeptData } from '../../platform/resources/kept-answer.js';
import type { AuthContext } from '../../platform/auth-context.js';
import { usageKey } from './kept-valuation.js';
import { currentMonth, createUsageService } from './usage-service.js';

const REPORT = 'monitor/usageReport';
const VALUATION = 'billing/valuation';

/**
 * The usage report (console route usageReport, log code 10025) and the valuation (route
 * valuation): a month's metered use per resource, priced from the price list, and the month's
 * cost so far with its forecast (docs/usage-api.md).
 */
export const usageRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock; answers: ListCache }> = async (
  app,
  { db, clock, answers },
) => {
  const usage = createUsageService({ db, clock });
  const keyOf = (auth: AuthContext, route: string, question: object) =>
    usageKey(auth, clock.now(), `${route}:${JSON.stringify(question)}`);

  app.get(
    '/api/usage/report',
    {
      config: { authority: REPORT },
      schema: {
        tags: ['usage'],
        summary: "A month's use per resource and price code, priced, a page at a time; totals per kind",
        querystring: usageReportQuerySchema,
        response: replies(usageReportSchema),
      },
    },
    async (request, reply) => {
      const auth = signedIn(request);
      return sendKeptData(reply, answers, keyOf(auth, 'report', request.query), () =>
        usage.report(auth, request.query),
      );
    },
  );

  app.get(
    '/api/usage/report.csv',
    {
      config: { authority: REPORT },
      schema: {
        tags: ['usage'],
        summary: "Every line of a month's usage report as CSV (UTF-8 with BOM), in the caller's language",
        querystring: usageMonthQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string(), '4xx': errorBodySchema, '5xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const auth = signedIn(request);
      const month = request.query.month ?? currentMonth(clock.now(), auth.client.timeZone);
      const key = keyOf(auth, `csv:${request.lang}`, { month });
      reply
        .header('content-disposition', `attachment; filename="usage-report-${month}.csv"`)
        .header('cache-control', 'no-store');
      return sendKept(
        reply,
        answers,
        key,
        async () => (await usage.reportCsv(auth, month, request.lang)).csv,
        'text/csv; charset=utf-8',
      );
    },
  );

  app.get(
    '/api/usage/daily',
    {
      config: { authority: REPORT },
      schema: {
        tags: ['usage'],
        summary: "Each day's amount per kind of resource in a month (the report's chart)",
        querystring: usageMonthQuerySchema,
        response: replies(usageDailySchema),
      },
    },
    async (request, reply) => {
      const auth = signedIn(request);
      return sendKeptData(reply, answers, keyOf(auth, 'daily', request.query), () =>
        usage.daily(auth, request.query.month),
      );
    },
  );

  app.get(
    '/api/valuation',
    {
      config: { authority: VALUATION },
      schema: {
        tags: ['usage'],
        summary: "The month's cost estimate: so far, and forecast to the month's end",
        querystring: usageMonthQuerySchema,
        response: replies(valuationSchema),
      },
    },
    async (request, reply) => {
      const auth = signedIn(request);
      return sendKeptData(reply, answers, keyOf(auth, 'valuation', request.query), () =>
        usage.valuation(auth, request.query.month),
      );
    },
  );
};
