import { call } from '../api.js';
import { usageError, type Command, type Group } from '../command.js';
import { show, type Context } from '../context.js';
import { table } from '../output.js';
import type { Api } from '../api.js';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month's cost estimate: so far and forecast, per item (GET /api/valuation). */
async function valuation(ctx: Context, api: Api, month: string | undefined) {
  const query = month ? { month } : {};
  const { data } = await call(ctx.text, api, api.client.GET('/api/valuation', { params: { query } }));
  const { t, web } = ctx.text;
  show(ctx, data, () => [
    t('cost.valuationTitle', { month: data.month, date: data.date, currency: data.currency }),
    ...table(
      [t('col.item'), t('col.amount'), t('col.forecast')],
      [
        ...data.items.map((i) => [web('valuation', `items.${i.item}`, i.item), i.amount, i.forecastAmount]),
        [t('cost.total'), data.monthToDate, data.forecast],
      ],
    ),
  ]);
}

/** The month's metered use per resource, priced (GET /api/usage/report), every page of it. */
async function report(ctx: Context, api: Api, month: string | undefined) {
  const query = { ...(month ? { month } : {}), limit: 0, page: 0 };
  const { data } = await call(ctx.text, api, api.client.GET('/api/usage/report', { params: { query } }));
  const { t, web } = ctx.text;
  show(ctx, data, () => [
    t('cost.reportTitle', { month: data.month, currency: data.currency }),
    ...table(
      [t('col.kind'), t('col.name'), t('col.code'), t('col.hours'), t('col.amount')],
      [
        ...data.lines.records.map((l) => [
          web('usage', `kinds.${l.kind}`, l.kind),
          l.name,
          l.code,
          l.hours,
          l.amount,
        ]),
        [t('cost.total'), '', '', '', data.total],
      ],
    ),
  ]);
}

const command: Command = {
  usage: '[--month YYYY-MM] [--report]',
  summary: 'help.usage',
  options: { month: { type: 'string' }, report: { type: 'boolean' } },
  async run(ctx, _args, values) {
    const month = values.month as string | undefined;
    if (month !== undefined && !MONTH.test(month)) throw usageError(ctx, 'usage.badMonth', { value: month });
    const api = await ctx.api();
    await (values.report ? report : valuation)(ctx, api, month);
  },
};

export const usage: Group = { command };
