import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_UNITS, type PriceItem, type ProductDetail } from '@portal/shared';
import { body, build, type TestApp } from '../../../test/build.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

describe('product pages', () => {
  it('answer overview, functions and prices in both languages, without a session', async () => {
    const response = await t.request('GET', `/api/products/1?t=${Date.now()}`);
    expect(response.statusCode).toBe(200);
    const product = body<{ data: ProductDetail }>(response).data;
    expect(product).toMatchObject({ id: '1', productNameC: '虛擬主機', productNameE: 'Virtual Machine' });
    expect(product.overviewE.length).toBeGreaterThan(0);
    expect(product.overviewC).toHaveLength(product.overviewE.length);
    expect(product.functionsC).toHaveLength(product.functionsE.length);
    expect(product.functionsE[0]).toEqual({ title: expect.any(String), body: expect.any(String) });
    expect(product.prices.map((p) => p.code)).toEqual([
      'vm.vcpu',
      'vm.ram',
      'vm.image.windows',
      'vm.public-ip',
      'vm.vcpu.annual',
      'vm.ram.annual',
      'cluster.database',
      'cluster.kubernetes',
    ]);
    expect(product.prices[0]).toEqual({
      code: 'vm.vcpu',
      productId: '1',
      nameC: 'vCPU',
      nameE: 'vCPU',
      unit: 'vcpuHour',
      unitPrice: '0.8500',
      currency: 'TWD',
    });
  });

  it('exist for every product of the menu, each with a price', async () => {
    const types = body<{ data: { id: string }[] }>(
      await t.request('GET', '/api/productManagement/resourceTypeManagement/modifyResourceType'),
    ).data;
    expect(types).toHaveLength(9);
    for (const { id } of types) {
      const response = await t.request('GET', `/api/products/${id}`);
      expect(response.statusCode, `product ${id}`).toBe(200);
      const product = body<{ data: ProductDetail }>(response).data;
      expect(product.prices.length, `prices of ${id}`).toBeGreaterThan(0);
      expect(product.overviewC.length, `overview of ${id}`).toBeGreaterThan(0);
    }
  });

  it('404 for an unknown product, 400 for a malformed id', async () => {
    const missing = await t.request('GET', '/api/products/999');
    expect(missing.statusCode).toBe(404);
    expect(body(missing)).toEqual({ msg: 'NOT_FOUND' });
    expect((await t.request('GET', '/api/products/abc')).statusCode).toBe(400);
    expect((await t.request('GET', '/api/products/0')).statusCode).toBe(400);
  });
});

describe('the price list', () => {
  it('holds exact decimal prices in TWD with known units and unique codes', async () => {
    const response = await t.request('GET', '/api/prices');
    expect(response.statusCode).toBe(200);
    const prices = body<{ data: PriceItem[] }>(response).data;
    expect(prices.length).toBeGreaterThanOrEqual(20);
    expect(new Set(prices.map((p) => p.code)).size).toBe(prices.length);
    for (const price of prices) {
      expect(price.unitPrice).toMatch(/^\d+\.\d{4}$/);
      expect(PRICE_UNITS).toContain(price.unit);
      expect(price.currency).toBe('TWD');
    }
    // The figure the SSD price-cut news item announces.
    expect(prices.find((p) => p.code === 'disk.ssd')).toMatchObject({ unit: 'gbMonth', unitPrice: '4.5000' });
  });

  it('filters by product', async () => {
    const prices = body<{ data: PriceItem[] }>(await t.request('GET', '/api/prices?productId=2')).data;
    expect(prices.map((p) => p.code)).toEqual(['disk.ssd', 'disk.hdd']);
    expect((await t.request('GET', '/api/prices?productId=x')).statusCode).toBe(400);
  });
});
