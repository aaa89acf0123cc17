import { CloudExchangeStatus } from '@portal/shared';
import { cloudExchanges } from '../../../db/schema/index.js';
import type { Operations } from '../../../platform/operations/operations.js';
import { resourceLifecycle } from '../../../platform/resources/lifecycle.js';

export interface ExchangeOrderInput {
  networkId: string;
  provider: number;
  pairKey: string;
}

export const exchangeLifecycle = resourceLifecycle({
  table: cloudExchanges,
  type: 'exchanges',
  kinds: { order: 'exchange.order', delete: 'exchange.delete' },
});
const { kinds, settle } = exchangeLifecycle;

/**
 * The life of a connection (docs/network-exchange-api.md): ordered, it is 1 ordering until the
 * cloud says the other side accepted the pair key, then 2 done. A refusal puts it back to
 * 0 available with the cloud's reason: the key can be ordered again (once the other side has put
 * it right) or the connection deleted. A delete keeps the status with `pendingOperation: delete`
 * until the cloud has taken the cross-connect down; a failed delete leaves it as it was, with
 * the reason.
 */
export function defineExchangeOperations(operations: Operations): void {
  operations.define(kinds.order, {
    submit: (driver, ref, op) => {
      const input = op.input as unknown as ExchangeOrderInput;
      return driver.orderExchange(ref, { exchangeId: op.resourceId, ...input });
    },
    succeeded: async (tx, op) =>
      void (await settle(tx, op, 'order', { status: CloudExchangeStatus.DONE, statusReason: null })),
    failed: async (tx, op, error) =>
      void (await settle(tx, op, 'order', { status: CloudExchangeStatus.AVAILABLE, statusReason: error })),
  });

  operations.define(
    kinds.delete,
    exchangeLifecycle.removal('delete', (driver, ref, op) => driver.deleteExchange(ref, op.resourceId)),
  );
}
