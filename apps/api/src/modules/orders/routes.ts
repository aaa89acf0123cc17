import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ccisToday,
  errorBodySchema,
  orderCancelSchema,
  orderCreateSchema,
  orderDetailSchema,
  orderExportQuerySchema,
  orderListQuerySchema,
  orderPageSchema,
  orderQuoteQuerySchema,
  orderQuoteSchema,
} from '@portal/shared';
import type { Db } from '../../db/database.js';
import type { AuthContext } from '../../platform/auth-context.js';
import { sendKept, viewKey } from '../../platform/resources/kept-answer.js';
import type { ListCache } from '../../platform/resources/list-cache.js';
import { signedIn } from '../../platform/authority-guard.js';
import { idempotencyKey, idempotentSchema } from '../../platform/idempotency-key.js';
import type { Clock } from '../../platform/clock.js';
import type { Jobs } from '../../platform/jobs/index.js';
import type { ConfirmPassword } from '../../platform/password-confirm.js';
import { replies } from '../../platform/responses.js';
import { scheduleOrderDay } from './order-day.js';
import { createOrderService } from './order-service.js';

/** The orders to manage (the current ones) and the changes to them. */
const MANAGE_VIEW = 'myAccount/orderManage';
const MANAGE = 'myAccount/orderManage/manage';
/** Every order, its history and the export (log code 10016). */
const HISTORY = 'myAccount/orderHistory';

const paramsSchema = z.object({ id: z.string().max(64) });
const createAnswerSchema = orderDetailSchema.extend({ replayed: z.boolean() });

export interface OrderRouteDeps {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  confirmPassword: ConfirmPassword;
  /** Answers kept by the client's resources version (kept-answer.ts). */
  answers: ListCache;
}

/**
 * Orders and annual contracts (routes orderManage, orderCreate, orderHistory; docs/orders-api.md):
 * the lists, one order with its history, the CSV export, converting a VM to an annual contract and
 * cancelling. The order job keeps statuses current.
 */
export const orderRoutes: FastifyPluginAsyncZod<OrderRouteDeps> = async (app, deps) => {
  const { clock, confirmPassword } = deps;
  const service = createOrderService({ clock });
  /** A kept order answer's key: what the caller views, the customer's day (statuses go by it), the question. */
  const orderKey = (auth: AuthContext, route: string, question: object) =>
    `orders:${route}:${viewKey(auth)}:${ccisToday(clock.now(), auth.client.timeZone)}:${JSON.stringify(question)}`;
  await scheduleOrderDay(deps.jobs, { db: deps.db, clock, log: app.log });

  app.get(
    '/api/orders',
    {
      config: { authority: MANAGE_VIEW, keep: 'rows-and-day' },
      schema: {
        tags: ['orders'],
        summary: 'The orders in force (normal or about to expire), paged, sorted and filtered',
        querystring: orderListQuerySchema,
        response: replies(orderPageSchema),
      },
    },
    async (request) => ({ data: await service.list(signedIn(request), request.query, true) }),
  );

  app.get(
    '/api/orders/history',
    {
      config: { authority: HISTORY, keep: 'rows-and-day' },
      schema: {
        tags: ['orders'],
        summary: 'Every order, by status, type and order date; newest first by default',
        querystring: orderListQuerySchema,
        response: replies(orderPageSchema),
      },
    },
    async (request) => ({ data: await service.list(signedIn(request), request.query, false) }),
  );

  app.get(
    '/api/orders.csv',
    {
      config: { authority: HISTORY },
      schema: {
        tags: ['orders'],
        summary: 'The order history as CSV (UTF-8 with BOM, in the caller’s language), same filters',
        querystring: orderExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string(), '4xx': errorBodySchema, '5xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const auth = signedIn(request);
      const day = clock.now().toISOString().slice(0, 10).replace(/-/g, '');
      reply
        .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
        .header('cache-control', 'no-store');
      return sendKept(
        reply,
        deps.answers,
        orderKey(auth, `csv:${request.lang}`, request.query),
        () => service.exportCsv(auth, { ...request.query, page: 0, limit: 0 }, request.lang),
        'text/csv; charset=utf-8',
      );
    },
  );

  app.get(
    '/api/orders/quote',
    {
      config: { authority: MANAGE_VIEW, keep: 'rows-and-day' },
      schema: {
        tags: ['orders'],
        summary: 'What converting a VM for 12, 24 or 36 months would cost, annual and on demand',
        querystring: orderQuoteQuerySchema,
        response: replies(orderQuoteSchema),
      },
    },
    async (request) => ({
      data: await service.quote(signedIn(request), request.query.vmId, request.query.months),
    }),
  );

  app.get(
    '/api/orders/:id',
    {
      config: { authority: HISTORY, keep: 'rows-and-day' },
      schema: {
        tags: ['orders'],
        summary: 'One order with its history (creation, renewals, changes of status)',
        params: paramsSchema,
        response: replies(orderDetailSchema),
      },
    },
    async (request) => ({ data: await service.get(signedIn(request), request.params.id) }),
  );

  app.post(
    '/api/orders',
    {
      config: {
        authority: MANAGE,
        audit: {
          action: 'order.create',
          target: 'order',
          detail: (_request, data) => ({
            orderNo: (data as { orderNo?: string } | undefined)?.orderNo,
            replayed: (data as { replayed?: boolean } | undefined)?.replayed,
          }),
        },
      },
      schema: {
        tags: ['orders'],
        summary:
          'Convert an on-demand VM to an annual contract (login password; Idempotency-Key header required)',
        body: orderCreateSchema,
        ...idempotentSchema(createAnswerSchema),
      },
    },
    async (request, reply) => {
      const key = idempotencyKey(request);
      const auth = signedIn(request);
      const { currentPassword, ...order } = request.body;
      await confirmPassword(auth, currentPassword, request.ip);
      const answer = await service.convert(auth, key, order);
      // Returned (not sent) so the audit record sees the answer.
      void reply.code(answer.replayed ? 200 : 201);
      return { data: { ...answer.order, replayed: answer.replayed } };
    },
  );

  app.post(
    '/api/orders/:id/cancel',
    {
      config: { authority: MANAGE, audit: { action: 'order.cancel', target: 'order' } },
      schema: {
        tags: ['orders'],
        summary:
          'Cancel an annual order (login password): within 7 days of ordering, or when about to expire; the VM turns on-demand',
        params: paramsSchema,
        body: orderCancelSchema,
        response: replies(orderDetailSchema),
      },
    },
    async (request) => {
      const auth = signedIn(request);
      await confirmPassword(auth, request.body.currentPassword, request.ip);
      return { data: await service.cancel(auth, request.params.id) };
    },
  );
};
