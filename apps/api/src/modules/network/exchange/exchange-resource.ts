import { and, eq } from 'drizzle-orm';
import {
  canDeleteExchange,
  canOrderExchange,
  canOrderExchangeOn,
  CloudExchangeStatus,
  type CloudExchangeCreate,
  exchangeContract,
} from '@portal/shared';
import { cloudExchanges, vpcs, type CloudExchangeRow } from '../../../db/schema/index.js';
import { allowed, fail } from '../../../platform/errors.js';
import { isUuid } from '../../../platform/ids.js';
import type { ResourceContext } from '../../../platform/resources/context.js';
import { defineResource } from '../../../platform/resources/declaration.js';
import { rowChange } from '../../../platform/resources/row-change.js';
import { lockParent } from '../../../platform/resources/parent-lock.js';
import { exchangeLifecycle, type ExchangeOrderInput } from './exchange-operations.js';
import { exchangeRows, listExchanges } from './exchange-repository.js';

/** The VPC a connection is ordered from, locked, and standing; VPC_NOT_FOUND when not the caller's. */
async function standingVpc(ctx: ResourceContext, id: string) {
  const vpcId = id.toLowerCase();
  if (!isUuid(vpcId)) throw fail('VPC_NOT_FOUND');
  const [vpc] = await ctx.db
    .select({ id: vpcs.id, status: vpcs.status, pendingOperation: vpcs.pendingOperation })
    .from(vpcs)
    .where(ctx.own(vpcs, eq(vpcs.id, vpcId)))
    .for('update');
  if (!vpc) throw fail('VPC_NOT_FOUND');
  allowed(canOrderExchangeOn(vpc));
  return vpc;
}

/** What the cloud is asked for to order the row's cross-connect. */
const orderInput = (
  row: Pick<CloudExchangeRow, 'vpcId' | 'provider' | 'pairKey'>,
): ExchangeOrderInput & Record<string, unknown> => ({
  networkId: row.vpcId,
  provider: row.provider,
  pairKey: row.pairKey,
});

async function createExchange(ctx: ResourceContext, body: CloudExchangeCreate) {
  const vpc = await standingVpc(ctx, body.vpcUuid);
  // One order of a key per tenant at a time: two orders of the same key wait for each other here.
  await lockParent(ctx.db, 'cloud-exchanges', ctx.clientId);
  const pairKey = body.pairKey.toLowerCase();
  const [taken] = await ctx.db
    .select({ id: cloudExchanges.id })
    .from(cloudExchanges)
    .where(
      ctx.own(
        cloudExchanges,
        and(eq(cloudExchanges.provider, body.ccxType), eq(cloudExchanges.pairKey, pairKey)),
      ),
    )
    .limit(1);
  if (taken) throw fail('CLOUD_EXCHANGE_PAIR_KEY_IN_USE');
  const row = await exchangeLifecycle.create(
    ctx,
    'order',
    { vpcId: vpc.id, provider: body.ccxType, pairKey, status: CloudExchangeStatus.ORDERING },
    orderInput,
  );
  return exchangeRows.one(ctx, row.id);
}

/** Orders again a connection the other side refused (back to 0 available). */
async function orderAgain(ctx: ResourceContext, id: string) {
  const row = await exchangeRows.forUpdate(ctx, id);
  allowed(canOrderExchange(row));
  await standingVpc(ctx, row.vpcId);
  await exchangeLifecycle.begin(ctx, id, 'order', { status: CloudExchangeStatus.ORDERING }, orderInput(row));
  return exchangeRows.one(ctx, id);
}

// The status stays: pendingOperation says it is going (exchange-operations.ts).
const deleteExchange = rowChange(exchangeRows, exchangeLifecycle, 'delete', canDeleteExchange, {});

/**
 * Cloud-exchange connections (spec section 3, routes exCloud and createExCloud, log code 10023):
 * a VPC's private connection to AWS, GCP, Azure or CCX, listed per provider (`ccxType`).
 */
export const exchangeResource = defineResource(exchangeContract, {
  rows: exchangeRows,
  list: listExchanges,
  create: {
    summary:
      "Order a connection from a VPC with the other side's pair key (1 ordering, then 2 done; 0 available again if refused)",
    handler: createExchange,
  },
  remove: {
    summary: 'Take a connection down (not while it is being ordered); the login password confirms it',
    handler: deleteExchange,
  },
  actions: {
    order: {
      summary: 'Order again a connection the other side refused (status 0 available)',
      handler: orderAgain,
    },
  },
});
