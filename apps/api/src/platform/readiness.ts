import type { FastifyInstance } from 'fastify';

/**
 * Whether this instance should be sent requests. It turns false, for good, the moment the
 * instance begins to stop (server.ts, drain), before it stops listening: the proxy's readiness
 * check sees 503 and sends elsewhere while the requests already here finish.
 */
export interface Readiness {
  readonly draining: boolean;
  drain(): void;
}

export function createReadiness(): Readiness {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
  };
}

/**
 * While draining, every answer ends its connection (Connection: close): a proxy's kept-alive
 * connection would otherwise outlive the drain, and its next request would find the instance gone.
 */
export function closeConnectionsWhileDraining(app: FastifyInstance, readiness: Readiness): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (readiness.draining) reply.header('connection', 'close');
    return payload;
  });
}
