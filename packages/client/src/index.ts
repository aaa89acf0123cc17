import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from '../generated/schema.js';

export type { components, paths };
export type PortalClient = Client<paths>;

export interface PortalClientOptions {
  /** Where the API answers, e.g. `http://127.0.0.1:3000` (the paths start with /api). */
  baseUrl: string;
  /** An API key (`cpk_...`) or a session token: either goes as `Authorization: Bearer`. */
  key?: string;
  /** The fetch to send requests with (a test's in-process one); the global fetch by default. */
  fetch?: (request: Request) => Promise<Response>;
}

/**
 * The API's typed client: every path, parameter, body and answer as the API's OpenAPI document
 * declares it (generated/schema.d.ts, made by scripts/generate.ts at build time).
 */
export function createPortalClient({ baseUrl, key, fetch }: PortalClientOptions): PortalClient {
  return createClient<paths>({
    baseUrl: baseUrl.replace(/\/+$/, ''),
    headers: key ? { authorization: `Bearer ${key}` } : {},
    ...(fetch ? { fetch } : {}),
  });
}
