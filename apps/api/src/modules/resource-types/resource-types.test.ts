import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, build, type TestApp } from '../../../test/build.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const BASE = '/api/productManagement/resourceTypeManagement/modifyResourceType';

describe('resource types (the product catalogue)', () => {
  it('lists the seeded cloud products in both languages, ids as strings, without a session', async () => {
    const response = await t.request('GET', `${BASE}?t=${Date.now()}`);
    expect(response.statusCode).toBe(200);
    const products = body<{ data: { id: string; productNameC: string; productNameE: string }[] }>(
      response,
    ).data;
    expect(products.map((p) => p.productNameE)).toEqual([
      'Virtual Machine',
      'Disk',
      'Snapshot',
      'Virtual Private Cloud (VPC)',
      'Firewall',
      'Load Balancer',
      'Object Storage',
      'Data Store Contract (CCIS)',
      'Cloud Exchange',
    ]);
    expect(products[0]).toEqual({ id: '1', productNameC: '虛擬主機', productNameE: 'Virtual Machine' });
  });

  it('answers one product by id, and 404 for an unknown one', async () => {
    expect(body(await t.request('GET', `${BASE}/5?t=1`)).data).toMatchObject({
      id: '5',
      productNameE: 'Firewall',
    });
    const missing = await t.request('GET', `${BASE}/999`);
    expect(missing.statusCode).toBe(404);
    expect(body(missing)).toEqual({ msg: 'NOT_FOUND' });
    expect((await t.request('GET', `${BASE}/abc`)).statusCode).toBe(400);
  });
});
