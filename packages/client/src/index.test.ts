import { describe, expect, it } from 'vitest';
import { createPortalClient } from './index.js';

describe('createPortalClient', () => {
  it('sends the key as a Bearer token to the base URL, the path and query as typed', async () => {
    const seen: Request[] = [];
    const client = createPortalClient({
      baseUrl: 'http://api.test/',
      key: 'cpk_abc',
      fetch: async (request) => {
        seen.push(request);
        return Response.json({ data: { records: [], total: 0, page: 0, limit: 1 } });
      },
    });
    const { data } = await client.GET('/api/vms', { params: { query: { limit: 1 } } });
    expect(data?.data.total).toBe(0);
    expect(seen[0]!.url).toBe('http://api.test/api/vms?limit=1');
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer cpk_abc');
  });

  it('answers a refusal as the error body', async () => {
    const client = createPortalClient({
      baseUrl: 'http://api.test',
      fetch: async () => Response.json({ msg: 'NOT_SIGNED_IN' }, { status: 401 }),
    });
    const { data, error, response } = await client.GET('/api/vms/{uuid}', {
      params: { path: { uuid: 'x' } },
    });
    expect(response.status).toBe(401);
    expect(data).toBeUndefined();
    expect(error?.msg).toBe('NOT_SIGNED_IN');
  });
});
