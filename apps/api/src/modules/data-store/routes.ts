import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ccisAutoExtendSchema,
  ccisContractSchema,
  ccisHistoryQuerySchema,
  ccisPurchaseSchema,
  ccisTermSchema,
  type CcisContract,
} from '@portal/shared';
import { signedIn } from '../../platform/authority-guard.js';
import { idempotencyKey, idempotentSchema } from '../../platform/idempotency-key.js';
import type { Clock } from '../../platform/clock.js';
import { replies } from '../../platform/responses.js';
import { pageRoute } from '../../platform/page-route.js';
import { type ContractChanged, createDataStoreService } from './data-store-service.js';

const VIEW = 'storage/ccis';
const MANAGE = 'storage/ccis/manage';

/** The answer of a purchase: the term, and whether the call repeated an earlier one with its key. */
const purchaseAnswerSchema = ccisTermSchema.extend({ replayed: z.boolean() });

/**
 * The data-store contract (console route purchaseCCIS, log code 10017; docs/data-store-api.md):
 * the contract in force with use against it, its history, purchases and auto-extend.
 */
export const dataStoreRoutes: FastifyPluginAsyncZod<{
  clock: Clock;
  contractChanged?: ContractChanged;
}> = async (app, { clock, contractChanged }) => {
  const service = createDataStoreService({ clock, contractChanged });

  app.get(
    '/api/data-store/contract',
    {
      config: { authority: VIEW },
      schema: {
        tags: ['data store'],
        summary: 'The contract in force, a reduction waiting for expiry, use against the commitment',
        response: replies(ccisContractSchema),
      },
    },
    async (request) => ({ data: await service.contract(signedIn(request)) }),
  );

  app.get(
    '/api/data-store/history',
    pageRoute({
      config: { authority: VIEW },
      tags: ['data store'],
      summary: 'The contract history, newest purchase first',
      querystring: ccisHistoryQuerySchema,
      record: ccisTermSchema,
    }),
    async (request) => ({
      data: await service.history(signedIn(request), request.query.page, request.query.limit),
    }),
  );

  app.post(
    '/api/data-store/purchases',
    {
      config: {
        authority: MANAGE,
        audit: {
          action: 'dataStore.purchase',
          target: 'ccisOrder',
          targetId: (_request, data) => (data as { orderId?: string } | undefined)?.orderId,
          detail: (_request, data) => ({
            orderId: (data as { orderId?: string } | undefined)?.orderId,
            replayed: (data as { replayed?: boolean } | undefined)?.replayed,
          }),
        },
      },
      schema: {
        tags: ['data store'],
        summary: 'Buy or adjust the contract (Idempotency-Key header required; one purchase a day)',
        body: ccisPurchaseSchema,
        ...idempotentSchema(purchaseAnswerSchema),
      },
    },
    async (request, reply) => {
      const key = idempotencyKey(request);
      const { term, replayed } = await service.purchase(signedIn(request), key, request.body);
      // Returned (not sent) so the audit record sees the answer.
      void reply.code(replayed ? 200 : 201);
      return { data: { ...term, replayed } };
    },
  );

  app.patch(
    '/api/data-store/contract',
    {
      config: {
        authority: MANAGE,
        audit: {
          action: 'dataStore.autoExtend',
          target: 'ccisContract',
          // The contract is the tenant's one; its record names the order of the term in force.
          targetId: (_request, data) => (data as CcisContract | undefined)?.current?.orderId,
        },
      },
      schema: {
        tags: ['data store'],
        summary: 'Switch auto-extend of the contract in force (not a purchase)',
        body: ccisAutoExtendSchema,
        response: replies(ccisContractSchema),
      },
    },
    async (request) => ({ data: await service.setAutoExtend(signedIn(request), request.body.autoExtend) }),
  );
};
