import { main } from './main.js';
import type { Io } from './output.js';

/** A reply the fake API gives: a status, a JSON body, headers. */
export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * `portal <argv>` against a fake API: `routes` answers `METHOD /path` (the query left off); a
 * function route is called each time (for answers that change between polls). Answers the exit
 * code, what went to stdout and stderr, and the requests made.
 */
export async function runPortal(
  argv: string[],
  routes: Record<string, Reply | ((request: Request) => Reply)>,
  env: NodeJS.ProcessEnv = {},
) {
  const out: string[] = [];
  let err = '';
  const requests: Request[] = [];
  const io: Io = { out: (line) => out.push(line), err: (text) => (err += text), errIsTTY: false };
  const fetch = async (request: Request) => {
    requests.push(request.clone());
    const url = new URL(request.url);
    const route = routes[`${request.method} ${url.pathname}`] ?? { status: 404, body: { msg: 'NOT_FOUND' } };
    const reply = typeof route === 'function' ? route(request) : route;
    return new Response(JSON.stringify(reply.body ?? {}), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  };
  const code = await main(argv, {
    env: {
      PORTAL_URL: 'http://api.test',
      PORTAL_KEY: 'cpk_test',
      PORTAL_CONFIG: '/nonexistent/portal.json',
      ...env,
    },
    io,
    fetch,
    pollMs: 0,
  });
  return { code, out: out.join('\n'), err, requests };
}
