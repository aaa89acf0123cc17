import type { FastifyInstance, InjectOptions } from 'fastify';

/**
 * A fetch that hands each request to the app in-process (app.inject): for the typed client
 * (@portal/client) in tests, without a listening server.
 */
export function injectFetch(app: FastifyInstance) {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const answer = await app.inject({
      method: request.method as InjectOptions['method'],
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
      ...(payload ? { payload } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
    }
    // A null-body status (204, 304) takes no body.
    const body = [204, 304].includes(answer.statusCode) ? null : answer.rawPayload;
    return new Response(body, { status: answer.statusCode, headers });
  };
}
