// The load script's HTTP client: node:http with keep-alive (far cheaper per request than fetch,
// and the generator shares the machine's cores with the server), headers as the web app sends
// them (its language, compressed answers), and every answer timed and reported by route pattern.
import http from 'node:http';
import https from 'node:https';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/** A request that failed as the load counts failures: a 5xx, no answer, or a 4xx not expected. */
export class LoadError extends Error {
  constructor(route, url, status, detail) {
    super(`${route} → ${status}${detail ? ` ${detail}` : ''} (${url})`);
    this.route = route;
    this.status = status;
  }
}

const REQUEST_TIMEOUT_MS = 30_000;

/** `/api/vms/{uuid}` with `{ uuid }` → `/api/vms/6a1f…`. */
export function expand(pattern, params = {}) {
  return pattern.replace(/\{(\w+)\}/g, (_, name) => {
    if (params[name] === undefined) throw new Error(`${pattern}: no value for {${name}}`);
    return encodeURIComponent(params[name]);
  });
}

function queryString(query) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined) params.set(key, String(value));
  const s = params.toString();
  return s ? `?${s}` : '';
}

function decode(res, body) {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

/**
 * A client of the portal at `base` reporting to `recorder` (stats.mjs). `request` resolves with
 * `{ status, data }` (the answer's `data`), or throws a LoadError after recording it as one.
 */
export function createClient(base, recorder) {
  const origin = new URL(base);
  const transport = origin.protocol === 'https:' ? https : http;
  const agent = new transport.Agent({ keepAlive: true, scheduling: 'lifo' });

  function send(method, path, headers, payload) {
    return new Promise((resolve, reject) => {
      const req = transport.request(
        {
          protocol: origin.protocol,
          hostname: origin.hostname,
          port: origin.port,
          method,
          path,
          headers,
          agent,
          timeout: REQUEST_TIMEOUT_MS,
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve({ res, body: Buffer.concat(chunks) }));
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', reject);
      req.end(payload);
    });
  }

  return {
    agent,
    /**
     * One call: `route` is the pattern it is counted under (`GET /api/vms/{uuid}`); `params` fill
     * it, `query` and `body` as the web app sends them; `expect` lists 4xx statuses that are part
     * of the session (none are, so far).
     */
    async request(route, { params, query, body, token, headers = {}, expect = [] } = {}) {
      const [method, pattern] = route.split(' ');
      const url = expand(pattern, params) + queryString(query);
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const all = {
        accept: 'application/json',
        'accept-language': 'zh-TW',
        'accept-encoding': 'br, gzip',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(payload ? { 'content-type': 'application/json' } : {}),
        ...headers,
      };
      const window = recorder.window();
      const started = performance.now();
      let answer;
      try {
        answer = await send(method, url, all, payload);
      } catch (error) {
        recorder.record(window, route, performance.now() - started, error.code ?? error.message, started);
        throw new LoadError(route, url, error.code ?? error.message);
      }
      const { res } = answer;
      let json;
      try {
        json = JSON.parse(decode(res, answer.body).toString('utf8') || 'null');
      } catch {
        json = null;
      }
      const ms = performance.now() - started;
      const status = res.statusCode;
      const failed = status >= 500 || (status >= 400 && !expect.includes(status)) || status < 200;
      const code = typeof json?.msg === 'string' ? json.msg : '';
      recorder.record(window, route, ms, failed ? `${status}${code ? ` ${code}` : ''}` : null, started);
      if (failed) throw new LoadError(route, url, status, code || JSON.stringify(json)?.slice(0, 200));
      return { status, data: json?.data };
    },
    close: () => agent.destroy(),
  };
}
