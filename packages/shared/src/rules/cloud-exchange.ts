import { CloudExchangeStatus } from '../enums/cloud-exchange.js';
import { VpcStatus } from '../enums/vpc.js';
import type { ErrorCode } from '../errors/error-codes.js';

interface ExchangeState {
  status: number;
  pendingOperation: string | null;
}

/**
 * A connection is ordered again only once the other side refused it (back to 0 available) and no
 * change is under way.
 */
export function canOrderExchange(exchange: ExchangeState): true | ErrorCode {
  return exchange.status === CloudExchangeStatus.AVAILABLE && exchange.pendingOperation === null
    ? true
    : 'CLOUD_EXCHANGE_STATUS_ERROR';
}

/** Deleted when not being ordered or deleted: available (refused) or done. */
export function canDeleteExchange(exchange: ExchangeState): true | ErrorCode {
  return exchange.status !== CloudExchangeStatus.ORDERING && exchange.pendingOperation === null
    ? true
    : 'CLOUD_EXCHANGE_STATUS_ERROR';
}

/** A connection is ordered from a VPC that stands (not being made or deleted). */
export function canOrderExchangeOn(vpc: {
  status: number;
  pendingOperation: string | null;
}): true | ErrorCode {
  return vpc.status === VpcStatus.AVAILABLE && vpc.pendingOperation === null
    ? true
    : 'CLOUD_EXCHANGE_VPC_NOT_AVAILABLE';
}
