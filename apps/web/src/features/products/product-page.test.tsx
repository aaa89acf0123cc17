import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProductDetail } from '@portal/shared';
import { i18n } from '../../lib/i18n/i18n';
import { json, mockFetch } from '../../test/http';
import ProductPage from './product-page';

const DISK: ProductDetail = {
  id: '2',
  productNameC: '磁碟',
  productNameE: 'Disk',
  summaryC: '區塊儲存',
  summaryE: 'Block storage',
  overviewC: ['中文概觀'],
  overviewE: ['Disks keep three copies.'],
  functionsC: [{ title: '線上擴充', body: '隨時加大' }],
  functionsE: [{ title: 'Online expansion', body: 'Grow at any time.' }],
  prices: [
    {
      code: 'disk.ssd',
      productId: '2',
      nameC: 'SSD 磁碟',
      nameE: 'SSD disk',
      unit: 'gbMonth',
      unitPrice: '4.5000',
      currency: 'TWD',
    },
  ],
};

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAt(path: string) {
  const calls: string[] = [];
  mockFetch((url) => {
    calls.push(url);
    // Each test asks for its own id: the api client shares identical GETs made within 200 ms.
    const id = /^\/api\/products\/(\d+)/.exec(url)?.[1];
    return id && id !== '99' ? json(200, { data: { ...DISK, id } }) : json(404, { msg: 'NOT_FOUND' });
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/product/:id/:view" element={<ProductPage />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('the product page', () => {
  it('shows the view of the address, and the tabs switch views with one fetch', async () => {
    const calls = renderAt('/product/2/overview');
    expect(await screen.findByText('Disks keep three copies.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('product-name').textContent).toBe('Disk');

    fireEvent.click(screen.getByTestId('product-view-price'));
    expect(screen.getByTestId('where').textContent).toBe('/product/2/price');
    expect(screen.getByTestId('price-disk.ssd').textContent).toContain('TWD 4.5');
    expect(screen.getByTestId('price-disk.ssd').textContent).toContain('GB per month');

    fireEvent.click(screen.getByTestId('product-view-functions'));
    expect(screen.getByText('Online expansion')).toBeTruthy();
    expect(calls.filter((url) => url.startsWith('/api/products/'))).toHaveLength(1);
  });

  it('speaks the chosen language without fetching again', async () => {
    const calls = renderAt('/product/3/functions');
    expect(await screen.findByText('Online expansion', {}, { timeout: 5000 })).toBeTruthy();
    await i18n.changeLanguage('zh-TW');
    expect(await screen.findByText('線上擴充', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('product-name').textContent).toBe('磁碟');
    expect(calls.filter((url) => url.startsWith('/api/products/'))).toHaveLength(1);
  });

  it('sends an unknown view to the overview', async () => {
    renderAt('/product/4/specs');
    expect(await screen.findByText('Disks keep three copies.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/product/4/overview');
  });

  it('says so when the product does not exist', async () => {
    renderAt('/product/99/overview');
    expect(
      await screen.findByText(
        'This product could not be loaded. Please try again later.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
  });
});
